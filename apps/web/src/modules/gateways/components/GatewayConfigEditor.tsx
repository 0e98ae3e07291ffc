import { useCallback, useMemo, useRef, useState } from 'react';
import { App, Button, Space, Tag, Tooltip } from 'antd';
import { CaretRightOutlined, CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkFlow, deviceMessage, newestFirmwareGate, userText, type DeviceItem, type FlowDocument, type FlowProblem, type GatewayConfig } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { deviceDetailPath } from '@/shared/routing/devicePaths';
import { FlowEditor } from '../editor/FlowEditor';
import { FlowProblemList } from '../editor/FlowProblemList';
import { emptyFlow } from '../editor/flowModel';
import { uploadCertificate, useConnectInfoQuery, useRunFlowMutation, usePushConfigMutation, useSaveFlowMutation } from '../api/flow';
import { parseFlowJson } from '../editor/flowModel';
import { ConfigStateBanner } from './ConfigStateBanner';
import { ConfigStatus } from './ConfigStatus';

/**
 * The editor of device/dtu/config/{deviceId} (the page is the devices module's
 * GatewayConfigPage): the gateway's configuration (serial, MQTT links, flow) in the flow editor,
 * with save (`saveFlow`, checked first) and push to the gateway, starting from the saved flow.
 */
export function GatewayConfigEditor({ device, saved }: { device: DeviceItem; saved: GatewayConfig }) {
  const stored = saved.flow ? parseFlowJson(JSON.stringify(saved.flow)) : null;
  const savedFlow = stored?.ok ? stored.doc : null;
  // A push that just succeeded is known from the device's state before getFlow is read again.
  const appliedVersion = device.config.state === 'success' && device.config.version !== null ? device.config.version : saved.appliedVersion;
  return <DeviceConfig device={device} initial={savedFlow ?? emptyFlow()} savedFlow={savedFlow} savedAt={saved.savedAt} appliedVersion={appliedVersion} />;
}

/** The flow editor as a draft not tied to a device (`deviceId` 0): firmware chosen by hand, import/export only. */
export function DraftFlowEditor({ firmwareVersion, onFirmwareChange }: { firmwareVersion: string; onFirmwareChange: (version: string) => void }) {
  return <FlowEditor initial={emptyFlow()} firmwareVersion={firmwareVersion} onFirmwareChange={onFirmwareChange} />;
}

function DeviceConfig({
  device,
  initial,
  savedFlow,
  savedAt,
  appliedVersion,
}: {
  device: DeviceItem;
  initial: FlowDocument;
  savedFlow: FlowDocument | null;
  savedAt: number | null;
  appliedVersion: number | null;
}) {
  const { t } = useTranslation(['gateways', 'texts']);
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const current = useRef<FlowDocument>(initial);
  /** The document as last saved (or loaded): changes are "unsaved" against it. */
  const saved = useRef<FlowDocument>(initial);
  const [dirty, setDirty] = useState(false);
  const save = useSaveFlowMutation();
  const push = usePushConfigMutation();
  const run = useRunFlowMutation();
  const [serverMode, setServerMode] = useState(initial.startMode.kind === 'server');
  // Never reported: checked like the server does, against the newest gate.
  const firmware = device.firmwareVersion ?? newestFirmwareGate;
  const connectInfo = useConnectInfoQuery();
  const linkDefaults = useMemo(
    () => (connectInfo.data ? { address: connectInfo.data.host ?? window.location.hostname, port: connectInfo.data.port ?? 1883, username: device.sn, clientIdFor: (linkId: string) => `${device.sn}:${linkId}` } : undefined),
    [connectInfo.data, device.sn],
  );

  const onChange = useCallback((doc: FlowDocument) => {
    setDirty(doc !== saved.current);
    setServerMode(doc.startMode.kind === 'server');
    current.current = doc;
  }, []);

  const showProblems = (problems: FlowProblem[]) =>
    void modal.error({ title: t('check.failed', { count: problems.length }), width: 560, content: <FlowProblemList doc={current.current} problems={problems} /> });

  /** Saves after the same full check the server runs; answers whether it was saved. */
  const handleSave = async (): Promise<boolean> => {
    const { errors } = checkFlow(current.current, firmware);
    if (errors.length > 0) {
      showProblems(errors);
      return false;
    }
    try {
      await save.mutateAsync({ deviceId: device.id, flow: current.current });
      saved.current = current.current;
      setDirty(false);
      void message.success(t('texts:operationSuccess'));
      return true;
    } catch {
      return false; // Shown by the API client (50001 with the first reason).
    }
  };

  const handlePush = async () => {
    if (!device.online) {
      void message.error(deviceMessage('device.config.offline', locale) ?? '');
      return;
    }
    if (!(await handleSave())) {
      return;
    }
    try {
      await push.mutateAsync(device.id);
      void message.info(t('page.pushing'));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <div className="sd-page">
      <PageHeader
        title={t('page.title', { name: device.name })}
        description={
          <Space wrap size={4}>
            <span>SN {device.sn}</span>
            <Tag color={device.online ? 'green' : 'default'}>{device.online ? t('page.online') : t('page.offline')}</Tag>
            {device.bindState !== 'bound' && <Tag color="orange">{userText('gatewayNotBound', locale)}</Tag>}
            <Link to={deviceDetailPath(device.id)}>{t('page.toDetail')}</Link>
          </Space>
        }
      />
      <ConfigStatus deviceId={device.id} savedAt={savedAt} savedFlow={savedFlow} appliedVersion={appliedVersion} dirty={dirty} />
      <ConfigStateBanner device={device} />
      <FlowEditor
        initial={initial}
        firmwareVersion={firmware}
        onChange={onChange}
        uploadCertificate={uploadCertificate}
        linkDefaults={linkDefaults}
        actions={
          <>
            <Button icon={<SaveOutlined />} loading={save.isPending} onClick={() => void handleSave()}>
              {t('page.save')}
            </Button>
            {serverMode && (
              <Tooltip title={t('page.runHint')}>
                <Button
                  icon={<CaretRightOutlined />}
                  loading={run.isPending}
                  onClick={() =>
                    device.online
                      ? void run.mutateAsync(device.id).then(() => void message.success(t('page.runSent')), () => undefined)
                      : void message.error(deviceMessage('device.config.offline', locale) ?? '')
                  }
                >
                  {t('page.run')}
                </Button>
              </Tooltip>
            )}
            <Tooltip title={device.online ? t('page.pushHint') : deviceMessage('device.config.offline', locale)}>
              <Button type="primary" icon={<CloudUploadOutlined />} loading={push.isPending || device.config.state === 'updating'} onClick={() => void handlePush()}>
                {t('page.push')}
              </Button>
            </Tooltip>
          </>
        }
      />
    </div>
  );
}
