import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Image, Input, Progress, Result, Select, Skeleton, Space, Table, Upload } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, LinkOutlined, PlayCircleOutlined, SettingOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  deviceLimits,
  deviceMessage,
  imageContentTypes,
  imageExtensions,
  enableTarget,
  isLifecycleStatus,
  lifecycleNames,
  uploadProblem,
  userText,
  type ConfigVersionItem,
  type DeviceItem,
  type LifecycleStatus,
  type UpdateDeviceRequest,
} from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { FormModal } from '@/shared/components/FormModal';
import { uploadObject } from '@/shared/api/objectUpload';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { ConfigStateBanner } from '@/modules/gateways/components/ConfigStateBanner';
import { ConfigStatus } from '@/modules/gateways/components/ConfigStatus';
import { gatewayKeys, useConfigVersionsQuery, useDetectConfigMutation, usePushConfigMutation, useRollbackConfigMutation, useSavedFlowQuery } from '@/modules/gateways/api/flow';
import { useBindMutation, useDeviceQuery, useRotateSecretMutation, useSetStatusMutation, useUnbindMutation, useUpdateDeviceMutation } from '../api/devices';
import { useFirmwareListQuery } from '../api/firmware';
import { api } from '@/shared/api/client';
import { DeviceSecretModal } from '../components/DeviceSecretModal';
import { LifecycleHistoryCard } from '../components/LifecycleHistoryCard';
import { DeviceConnectCard } from '../components/DeviceConnectCard';
import { useLifecycleQuery } from '../api/lifecycle';
import { GatewaySimCard } from '@/modules/sim/components/GatewaySimCard';
import { BindTag, DeviceStateTags, OnlineBadge, StatusTag } from '../components/DeviceTags';
import { useDevicesChannel, type DevicePush } from '../hooks/useDevicesChannel';
import { DEVICE_LIST_PATH, gatewayConfigPath } from '@/shared/routing/devicePaths';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useBusy } from '@/shared/hooks/useBusy';
import '../devices.css';

const pictureAccept = [...imageExtensions, ...imageContentTypes].join(',');

interface LiveValue {
  key: string;
  value: unknown;
  at: number;
}

/** device/deviceconfig/{deviceId}: one device — fields, pictures, lifecycle, binding, OTA, configuration, live values, how it connects. */
export function DeviceDetailPage() {
  const deviceId = Number(useParams().deviceId);
  const { t } = useTranslation(['devices', 'texts']);
  const device = useDeviceQuery(deviceId);
  const navigate = useNavigate();
  const [live, setLive] = useState<Record<string, LiveValue>>({});
  const channel = useDevicesChannel((push: DevicePush) => {
    if (push.event !== 'telemetry') {
      return;
    }
    const payload = push.payload as { id?: number; values?: Record<string, unknown>; ts?: number } | undefined;
    if (payload?.id !== deviceId || !payload.values) {
      return;
    }
    const at = payload.ts ?? push.at;
    setLive((old) => ({ ...old, ...Object.fromEntries(Object.entries(payload.values!).map(([key, value]) => [key, { key, value, at }])) }));
  });

  if (!Number.isSafeInteger(deviceId) || deviceId <= 0 || device.isError) {
    return (
      <div className="sd-page">
        <Result status="warning" title={t('detail.notFound')} extra={<Link to={DEVICE_LIST_PATH}>{t('detail.backToList')}</Link>} />
      </div>
    );
  }
  if (device.isPending) {
    return (
      <div className="sd-page">
        <Skeleton active />
      </div>
    );
  }
  const d = device.data;
  const last = d.lastTelemetry;
  const shown: Record<string, LiveValue> = {
    ...(last ? Object.fromEntries(Object.entries(last.values).map(([key, value]) => [key, { key, value, at: last.ts }])) : {}),
    ...live,
  };
  return (
    <div className="sd-page">
      <PageHeader
        title={d.name}
        description={
          <Space wrap>
            <code>{d.sn}</code>
            <DeviceStateTags device={d} />
            <span className="sd-muted">{channel === 'live' ? t('list.live') : t('list.notLive')}</span>
          </Space>
        }
        actions={
          <Button type="primary" icon={<SettingOutlined />} onClick={() => void navigate(gatewayConfigPath(d.id))}>
            {t('actions.gatewayConfig')}
          </Button>
        }
      />
      <div className="sd-device-detail">
        <BasicCard device={d} />
        <StateCard device={d} />
        <LifecycleHistoryCard deviceId={d.id} />
        <GatewaySimCard deviceId={d.id} />
        <PicturesCard device={d} />
        <OtaCard device={d} />
        <ConfigCard device={d} />
        <Card title={t('live.title')} size="small" className="sd-device-telemetry">
          {Object.keys(shown).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={d.online ? t('live.waiting') : t('live.offline')} />
          ) : (
            <Table<LiveValue>
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={Object.values(shown)}
              data-testid="live-values"
              columns={[
                { title: t('live.key'), dataIndex: 'key' },
                { title: t('live.value'), dataIndex: 'value', render: (v: unknown) => String(v) },
                { title: t('live.at'), dataIndex: 'at', render: (v: number) => formatDateTime(v) },
              ]}
            />
          )}
        </Card>
        <DeviceConnectCard sn={d.sn} className="sd-device-detail__wide" />
      </div>
    </div>
  );
}

function BasicCard({ device }: { device: DeviceItem }) {
  const { t } = useTranslation(['devices', 'texts']);
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<{ sn: string; secret: string } | null>(null);
  const [form] = Form.useForm<UpdateDeviceRequest>();
  const update = useUpdateDeviceMutation();
  const rotate = useRotateSecretMutation();
  const tooLong = t('form.tooLong');
  return (
    <Card
      size="small"
      title={t('detail.basic')}
      extra={
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('detail.edit')}
          </Button>
          <Button
            size="small"
            icon={<KeyOutlined />}
            onClick={() => confirm({ title: t('secret.rotateTitle'), content: t('secret.rotateContent'), run: async () => setSecret({ sn: device.sn, secret: (await rotate.mutateAsync(device.id)).secret }) })}
          >
            {t('secret.rotate')}
          </Button>
        </Space>
      }
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('fields.name')}>{device.name}</Descriptions.Item>
        <Descriptions.Item label={t('fields.sn')}>
          <code>{device.sn}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.model')}>{device.model}</Descriptions.Item>
        <Descriptions.Item label={t('fields.address')}>{device.address || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.remarks')}>{device.remarks || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.firmware')}>{device.firmwareVersion ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(device.createdAt)}</Descriptions.Item>
      </Descriptions>
      <FormModal
        open={editing}
        title={t('detail.edit')}
        form={form}
        initialValues={{ name: device.name, model: device.model, address: device.address, remarks: device.remarks }}
        confirmLoading={update.isPending}
        onCancel={() => setEditing(false)}
        onFinish={(values) =>
          void update.mutateAsync({ ...values, id: device.id }).then(
            () => {
              setEditing(false);
              void message.success(t('texts:operationSuccess'));
            },
            () => undefined,
          )
        }
      >
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }, { max: deviceLimits.nameLength, message: tooLong }]}>
          <Input />
        </Form.Item>
        <Form.Item name="model" label={t('fields.model')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: deviceLimits.modelLength, message: tooLong }]}>
          <Input />
        </Form.Item>
        <Form.Item name="address" label={t('fields.address')} rules={[{ max: deviceLimits.addressLength, message: tooLong }]}>
          <Input />
        </Form.Item>
        <Form.Item name="remarks" label={t('fields.remarks')} rules={[{ max: deviceLimits.remarksLength, message: tooLong }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </FormModal>
      <DeviceSecretModal value={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}

function StateCard({ device }: { device: DeviceItem }) {
  const { t } = useTranslation(['devices', 'texts']);
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const setStatus = useSetStatusMutation();
  const bind = useBindMutation();
  const unbind = useUnbindMutation();
  const [now, setNow] = useState(() => Date.now());
  const [bindCode, setBindCode] = useState<string | null>(null);
  const awaiting = device.bindState === 'awaiting';
  useEffect(() => {
    if (!awaiting) {
      return undefined;
    }
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [awaiting]);
  const secondsLeft = device.bindExpiresAt ? Math.max(0, Math.ceil((device.bindExpiresAt - now) / 1000)) : null;
  const text = (key: string) => deviceMessage(key, locale) ?? key;

  // Enabling gives back the status before the latest disabling (the history says which).
  const history = useLifecycleQuery(device.status === 9 ? device.id : 0);
  const lastDisabled = [...(history.data ?? [])].reverse().find((entry) => entry.to === 9);
  const enableTo = device.status !== 9 ? null : history.isPending ? null : enableTarget(lastDisabled?.from != null && isLifecycleStatus(lastDisabled.from) ? lastDisabled.from : null);
  const changeStatus = (status: LifecycleStatus) =>
    void modal.confirm({
      title: t('lifecycle.confirm', { from: lifecycleNames[device.status][locale], to: lifecycleNames[status][locale] }),
      onOk: async () => {
        try {
          await setStatus.mutateAsync({ id: device.id, status });
          void message.success(t('texts:operationSuccess'));
        } catch {
          // 40900 with the reason, shown by the API client.
        }
      },
    });

  return (
    <Card size="small" title={t('detail.state')}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('fields.online')}>
          <Space>
            <OnlineBadge online={device.online} />
            {device.lastSeenAt && <span className="sd-muted">{t('fields.lastSeenAt', { time: formatDateTime(device.lastSeenAt) })}</span>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <div>
          <Space wrap>
            <StatusTag status={device.status} />
            {device.status === 9 ? (
              <Button size="small" icon={<PlayCircleOutlined />} disabled={enableTo === null} loading={setStatus.isPending} onClick={() => enableTo !== null && changeStatus(enableTo)}>
                {t('lifecycle.enable')}
              </Button>
            ) : (
              device.status !== 2 && (
                <Button size="small" danger icon={<StopOutlined />} loading={setStatus.isPending} onClick={() => changeStatus(9)}>
                  {t('lifecycle.disable')}
                </Button>
              )
            )}
          </Space>
          <div className="sd-muted sd-device-lifecycle-hint">{t(device.status === 2 ? 'lifecycle.onOrderHint' : 'lifecycle.byDocumentHint')}</div>
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.bindState')}>
          <Space wrap>
            <BindTag state={device.bindState} />
            {device.bindState === 'unbound' && (
              <Button size="small" type="primary" icon={<LinkOutlined />} loading={bind.isPending} onClick={() => void bind.mutateAsync(device.id).then((answer) => setBindCode(answer?.code ?? null), () => undefined)}>
                {t('bind.bind')}
              </Button>
            )}
            {device.bindState === 'bound' && (
              <Button
                size="small"
                danger
                onClick={() =>
                  void modal.confirm({
                    title: t('bind.unbindTitle', { name: device.name }),
                    content: t('bind.unbindContent'),
                    okButtonProps: { danger: true },
                    onOk: () => unbind.mutateAsync(device.id).then(() => void message.success(t('texts:operationSuccess')), () => undefined),
                  })
                }
              >
                {t('bind.unbind')}
              </Button>
            )}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {awaiting && (
        <Alert type="info" showIcon message={text('device.bind.awaiting')}
          description={
            <>
              {bindCode && <div>{t('bind.code', { code: bindCode })}</div>}
              {secondsLeft !== null && <div>{t('bind.secondsLeft', { seconds: secondsLeft })}</div>}
            </>
          } data-testid="bind-awaiting" />
      )}
      {device.bindState === 'bound' && (bind.isSuccess || device.bindMessage === 'device.bind.success') && <Alert type="success" showIcon message={userText('bindingSuccess', locale)} data-testid="bind-success" />}
      {device.bindState === 'unbound' && device.bindMessage && <Alert type="warning" showIcon message={text(device.bindMessage)} data-testid="bind-message" />}
      {device.bindState === 'unbound' && !device.bindMessage && <Alert type="warning" showIcon message={userText('gatewayNotBound', locale)} />}
    </Card>
  );
}

function PicturesCard({ device }: { device: DeviceItem }) {
  const { t } = useTranslation(['devices', 'texts']);
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const update = useUpdateDeviceMutation();
  const [uploading, runUploading] = useBusy();
  const full = device.pictures.length >= deviceLimits.picturesMax;
  const handleFile = async (file: File) => {
    const problem = uploadProblem({ purpose: 'avatar', fileName: file.name, contentType: file.type, size: file.size });
    if (problem) {
      void message.error(userText(problem === 'fileTooLarge' ? 'imageTooLarge' : problem, locale));
      return;
    }
    await runUploading(async () => {
      const key = await uploadObject(file, 'object');
      await update.mutateAsync({ id: device.id, pictures: [...device.pictures, key] });
      void message.success(t('texts:operationSuccess'));
    });
  };
  return (
    <Card
      size="small"
      title={t('pictures.title', { count: device.pictures.length, max: deviceLimits.picturesMax })}
      extra={
        <Upload accept={pictureAccept} showUploadList={false} disabled={full} beforeUpload={(file) => (void handleFile(file), false)}>
          <Button size="small" icon={<UploadOutlined />} loading={uploading} disabled={full}>
            {t('pictures.upload')}
          </Button>
        </Upload>
      }
    >
      {device.pictures.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pictures.empty')} />
      ) : (
        <Image.PreviewGroup>
          <div className="sd-device-pictures">
            {device.pictures.map((key, index) => (
              <div key={key}>
                <Image width={150} height={150} style={{ objectFit: 'cover' }} src={device.pictureUrls?.[index]} alt={t('pictures.alt', { index: index + 1 })} />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('pictures.remove')}
                  onClick={() =>
                    void modal.confirm({
                      title: t('pictures.removeTitle'),
                      okButtonProps: { danger: true },
                      onOk: () => update.mutateAsync({ id: device.id, pictures: device.pictures.filter((p) => p !== key) }).then(() => void message.success(t('texts:deleteSuccess')), () => undefined),
                    })
                  }
                />
              </div>
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </Card>
  );
}

function OtaCard({ device }: { device: DeviceItem }) {
  const { t } = useTranslation(['devices', 'texts']);
  const locale = useLocale();
  const { message } = App.useApp();
  const firmware = useFirmwareListQuery(device.model);
  const [firmwareId, setFirmwareId] = useState<number | undefined>();
  const [starting, runStarting] = useBusy();
  const { ota } = device;
  const text = (key: string) => deviceMessage(key, locale) ?? key;
  const start = async () => {
    if (!device.online) {
      void message.error(userText('offlineCannotUpgrade', locale));
      return;
    }
    if (!firmwareId) {
      return;
    }
    await runStarting(() => api.post<null>('/device/upgradeFirmware', { deviceId: device.id, firmwareId }));
  };
  return (
    <Card size="small" title={t('ota.title')}>
      <Space.Compact block>
        <Select
          aria-label={t('ota.choose')}
          placeholder={t('ota.choose')}
          value={firmwareId}
          onChange={setFirmwareId}
          loading={firmware.isPending}
          notFoundContent={t('ota.none', { model: device.model })}
          options={(firmware.data?.list ?? []).map((f) => ({ value: f.id, label: `${f.version} · ${f.fileName}` }))}
          style={{ width: '100%' }}
        />
        <Button type="primary" disabled={!firmwareId || ota.state === 'progress'} loading={starting} onClick={() => void start()}>
          {t('ota.start')}
        </Button>
      </Space.Compact>
      {!device.online && <div className="sd-muted">{userText('offlineCannotUpgrade', locale)}</div>}
      {ota.state === 'progress' && (
        <div data-testid="ota-progress">
          <Progress percent={Math.round(ota.percent)} status="active" />
          <span className="sd-muted">{t('ota.progress', { version: ota.targetVersion ?? '' })}</span>
        </div>
      )}
      {ota.state === 'success' && <Alert type="success" showIcon message={text(`device.ota.success|${device.firmwareVersion ?? ota.targetVersion ?? ''}`)} />}
      {ota.state === 'failed' && <Alert type="error" showIcon message={userText('firmwareUpdateFailed', locale)} description={ota.message ? text(ota.message) : undefined} />}
    </Card>
  );
}

function ConfigCard({ device }: { device: DeviceItem }) {
  const { t } = useTranslation(['devices', 'texts']);
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const versions = useConfigVersionsQuery(device.id);
  const saved = useSavedFlowQuery(device.id);
  const queryClient = useQueryClient();
  // A push or a passed detection keeps a version: the history follows the device's states.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: gatewayKeys.versions(device.id) });
  }, [queryClient, device.id, device.config.state, device.config.version, device.detect.state]);
  const push = usePushConfigMutation();
  const detect = useDetectConfigMutation();
  const rollback = useRollbackConfigMutation();
  const offlineText = userText('offlineCannotUpdateConfig', locale);
  const whenOnline = (action: () => void) => () => (device.online ? action() : void message.error(offlineText));
  return (
    <Card
      size="small"
      className="sd-device-detail__wide"
      title={device.config.version === null ? t('config.titleNotPushed') : t('config.title', { version: device.config.version })}
      extra={
        <Space>
          <Link to={gatewayConfigPath(device.id)}>{t('config.edit')}</Link>
          <Button size="small" loading={detect.isPending || device.detect.state === 'detecting'} onClick={whenOnline(() => void detect.mutateAsync(device.id).catch(() => undefined))}>
            {t('config.detect')}
          </Button>
          <Button size="small" type="primary" loading={push.isPending || device.config.state === 'updating'} onClick={whenOnline(() => void push.mutateAsync(device.id).catch(() => undefined))}>
            {t('config.push')}
          </Button>
        </Space>
      }
    >
      <ConfigStatus
        deviceId={device.id}
        savedAt={saved.data?.savedAt ?? null}
        savedFlow={saved.data?.flow ?? null}
        appliedVersion={device.config.state === 'success' && device.config.version !== null ? device.config.version : (saved.data?.appliedVersion ?? null)}
      />
      <ConfigStateBanner device={device} onDetect={() => void detect.mutateAsync(device.id).catch(() => undefined)} detecting={detect.isPending} />
      <Table<ConfigVersionItem>
        size="small"
        rowKey="version"
        loading={versions.isPending}
        dataSource={versions.data?.list ?? []}
        pagination={{ pageSize: 5, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('config.noVersions')} /> }}
        columns={[
          { title: t('config.version'), dataIndex: 'version', render: (v: number) => (v === device.config.version ? t('config.current', { version: v }) : v) },
          { title: t('config.reason'), dataIndex: 'reason', render: (v: string) => t(`config.reasons.${v}`, { defaultValue: v }) },
          { title: t('config.state'), dataIndex: 'state', render: (v: string) => t(`config.states.${v}`, { defaultValue: v }) },
          { title: t('config.savedAt'), dataIndex: 'createdAt', render: (v: number) => formatDateTime(v) },
          {
            title: t('actions.title'),
            key: 'actions',
            render: (_: unknown, v) =>
              v.version === device.config.version ? null : (
                <Button
                  size="small"
                  onClick={() =>
                    void modal.confirm({
                      title: t('config.rollbackTitle', { version: v.version }),
                      content: t('config.rollbackContent'),
                      onOk: () => rollback.mutateAsync({ deviceId: device.id, version: v.version }).then(() => void message.success(t('texts:operationSuccess')), () => undefined),
                    })
                  }
                >
                  {t('config.rollback')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
