import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useConfigVersionQuery } from '../api/flow';
import { flowDifferences, hasDifferences, parseFlowJson } from '../editor/flowModel';

/**
 * The three states of a gateway's configuration, side by side (docs/gateways.md "Draft, saved,
 * pushed"): the draft (edits in this browser, not saved), the saved document (on the server; what
 * a push sends) and the pushed version (what the gateway runs), with what differs between the
 * saved document and the pushed version.
 */
export function ConfigStatus({
  deviceId,
  savedAt,
  savedFlow,
  appliedVersion,
  dirty,
}: {
  deviceId: number;
  savedAt: number | null;
  /** The saved document as getFlow answers it (parsed here), or null before the first save. */
  savedFlow: unknown;
  appliedVersion: number | null;
  /** Only in the editor: the canvas has changes not saved yet. */
  dirty?: boolean;
}) {
  const { t } = useTranslation('gateways');
  const pushed = useConfigVersionQuery(deviceId, appliedVersion);
  const pushedFlow = pushed.data?.flow ? parseFlowJson(JSON.stringify(pushed.data.flow)) : null;
  const parsed = savedFlow ? parseFlowJson(JSON.stringify(savedFlow)) : null;
  const saved = parsed?.ok ? parsed.doc : null;

  let comparison: string | null = null;
  if (saved && appliedVersion === null) {
    comparison = t('status.notPushedYet');
  } else if (saved && pushedFlow?.ok) {
    const d = flowDifferences(saved, pushedFlow.doc);
    if (!hasDifferences(d)) {
      comparison = t('status.same', { version: appliedVersion });
    } else {
      const parts = [
        d.added.length > 0 ? t('status.added', { names: d.added.join('、') }) : null,
        d.removed.length > 0 ? t('status.removed', { names: d.removed.join('、') }) : null,
        d.changed.length > 0 ? t('status.changed', { names: d.changed.join('、') }) : null,
        d.connections ? t('status.connections') : null,
        d.links ? t('status.links') : null,
        d.serial ? t('status.serial') : null,
        d.startMode ? t('status.startMode') : null,
      ].filter((p): p is string => p !== null);
      comparison = t('status.differs', { version: appliedVersion, what: parts.join(t('status.separator')) });
    }
  }

  return (
    <div className="sd-config-status" data-testid="config-status" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 12px', marginBottom: 8 }}>
      <Space wrap size={[6, 4]}>
        {dirty !== undefined && (
          <Tag color={dirty ? 'orange' : 'default'} data-testid="config-status-draft">
            {dirty ? t('status.draftUnsaved') : t('status.draftClean')}
          </Tag>
        )}
        <Tag color={savedAt ? 'blue' : 'default'} data-testid="config-status-saved">
          {savedAt ? t('status.saved', { at: formatDateTime(savedAt) }) : t('status.neverSaved')}
        </Tag>
        <Tag color={appliedVersion !== null ? 'green' : 'default'} data-testid="config-status-pushed">
          {appliedVersion !== null ? t('status.pushed', { version: appliedVersion }) : t('status.neverPushed')}
        </Tag>
      </Space>
      {comparison && (
        <Typography.Text type="secondary" className="sd-config-status__diff" data-testid="config-status-diff">
          {comparison}
        </Typography.Text>
      )}
    </div>
  );
}
