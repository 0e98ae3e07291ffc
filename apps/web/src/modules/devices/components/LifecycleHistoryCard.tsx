import { Card, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { lifecycleNames, type DeviceHistoryEntry } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useLifecycleQuery } from '../api/lifecycle';
import { StatusTag } from './DeviceTags';

/**
 * The device's lifecycle history (`device/getLifecycle`), newest on top: each move with its
 * document, time and who made it — "confirmed on the device" for a binding confirmed there.
 */
export function LifecycleHistoryCard({ deviceId, className }: { deviceId: number; className?: string }) {
  const { t } = useTranslation('devices');
  const locale = useLocale();
  const history = useLifecycleQuery(deviceId);
  const moves = [...(history.data ?? [])].reverse();
  const documentText = (move: DeviceHistoryEntry) => {
    // The first row of a device is its creation (from nothing), by production or at a stock-in: say so rather than the document.
    const name = t(`history.documents.${move.from === null ? (move.document === 'stockIn' ? 'createStockIn' : 'create') : move.document}`);
    return move.documentKind && move.documentId !== null ? `${name} · ${t(`history.documentKinds.${move.documentKind}`)} #${move.documentId}` : name;
  };
  return (
    <Card size="small" title={t('history.title')} className={className} data-testid="lifecycle-history">
      {history.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : moves.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      ) : (
        <Timeline
          items={moves.map((move, index) => ({
            key: `${move.at}-${index}`,
            color: index === 0 ? 'blue' : 'gray',
            content: (
              <div className="sd-device-history__move">
                <div>
                  {move.from === null ? (
                    <StatusTag status={move.to} />
                  ) : (
                    <span aria-label={t('history.move', { from: lifecycleNames[move.from][locale], to: lifecycleNames[move.to][locale] })}>
                      <StatusTag status={move.from} /> → <StatusTag status={move.to} />
                    </span>
                  )}
                  <span>{documentText(move)}</span>
                </div>
                <Typography.Text type="secondary" className="sd-device-history__meta">
                  {formatDateTime(move.at)} · {move.userId === null ? t('history.onDevice') : (move.userName ?? t('history.unknownUser'))}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
