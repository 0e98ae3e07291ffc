import { useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Form, Select, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataItemDetail } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useBindItemMutation, useItemBindingQuery, useUnbindItemMutation } from '../../api/telemetryBinding';

interface DeviceOption {
  id: number;
  name: string;
  sn: string;
  online: boolean;
}

/** Devices of the company the caller may see, searched by name or SN (20 at a time). */
function useDeviceOptions(keyword: string) {
  return useQuery({
    queryKey: ['devices', 'picker', keyword],
    queryFn: ({ signal }) => api.get<{ list: DeviceOption[]; total: number }>('/device/getDeviceList', { pageNum: 1, pageSize: 20, ...(keyword ? { keyword } : {}) }, { signal }),
    retry: false,
  });
}

/**
 * The device that feeds an IoT data list (kind 13): each telemetry key the device publishes is
 * stored in the field whose field name equals it; other keys are ignored. Bind with a device
 * picker, unbind after a confirmation.
 */
export function DeviceTab({ item, canWrite }: { item: DataItemDetail; canWrite: boolean }) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const binding = useItemBindingQuery(item.id);
  const [keyword, setKeyword] = useState('');
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const [touched, setTouched] = useState(false);
  const devices = useDeviceOptions(keyword);
  const bind = useBindItemMutation(item.id);
  const unbind = useUnbindItemMutation(item.id);

  if (binding.isPending) {
    return <Skeleton active paragraph={{ rows: 3 }} />;
  }
  if (binding.isError) {
    return <Alert type="error" showIcon title={t('device.loadFailed')} action={<Button onClick={() => void binding.refetch()}>{t('device.retry')}</Button>} />;
  }
  const current = binding.data[0];

  const handleBind = async () => {
    setTouched(true);
    if (deviceId === undefined) {
      return;
    }
    try {
      await bind.mutateAsync(deviceId);
      setDeviceId(undefined);
      setTouched(false);
      void message.success(t('device.bound'));
    } catch {
      // Shown by the API client.
    }
  };

  const handleUnbind = () => {
    if (!current) {
      return;
    }
    confirm({
      title: t('device.unbindTitle', { name: current.deviceName }),
      content: t('device.unbindContent'),
      okText: t('device.unbind'),
      run: () => unbind.mutateAsync(),
      done: t('device.unbound'),
    });
  };

  const fieldNames = item.fields.map((f) => f.fieldName);

  return (
    <div className="sd-settings__narrow sd-device-tab">
      <p className="sd-muted">{t('device.description')}</p>
      {current ? (
        <>
          <Descriptions bordered size="small" column={1} className="sd-device-tab__current">
            <Descriptions.Item label={t('device.device')}>{current.deviceName}</Descriptions.Item>
            <Descriptions.Item label={t('device.sn')}>
              <Typography.Text code copyable>
                {current.deviceSn}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('device.topic')}>
              <Typography.Text code>{`sd/${current.deviceSn}/up/telemetry`}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('device.keys')}>
              {fieldNames.length > 0 ? fieldNames.map((name) => <Tag key={name}>{name}</Tag>) : <span className="sd-muted">{t('device.noFields')}</span>}
            </Descriptions.Item>
          </Descriptions>
          {canWrite && (
            <Button danger onClick={handleUnbind} loading={unbind.isPending} style={{ marginTop: 16 }}>
              {t('device.unbind')}
            </Button>
          )}
        </>
      ) : (
        <>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.none')} />
          {canWrite && (
            <Form layout="vertical" onFinish={() => void handleBind()}>
              <Form.Item
                label={t('device.pick')}
                required
                validateStatus={touched && deviceId === undefined ? 'error' : undefined}
                help={touched && deviceId === undefined ? t('device.pickRequired') : devices.isError ? t('device.devicesFailed') : t('device.pickHint')}
              >
                <Select<number>
                  aria-label={t('device.pick')}
                  value={deviceId}
                  onChange={(value) => setDeviceId(value)}
                  allowClear
                  onClear={() => setDeviceId(undefined)}
                  showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
                  loading={devices.isFetching}
                  placeholder={t('device.pickPlaceholder')}
                  notFoundContent={devices.isFetching ? t('device.loading') : t('device.noDevices')}
                  options={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.name} · ${d.sn}${d.online ? '' : ` (${t('device.offline')})`}` }))}
                />
              </Form.Item>
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={bind.isPending}>
                  {t('device.bind')}
                </Button>
              </Form.Item>
            </Form>
          )}
        </>
      )}
    </div>
  );
}
