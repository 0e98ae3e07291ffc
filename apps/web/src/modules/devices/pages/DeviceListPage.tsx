import { useState } from 'react';
import { App, Button, Card, Empty, Input, Result, Select, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { ApartmentOutlined, DeleteOutlined, PlusOutlined, SettingOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { bindStates, lifecycleCodes, lifecycleNames, type BindState, type DeviceItem, type DeviceListQuery, type LifecycleStatus } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddDeviceMutation, useDeleteDeviceMutation, useDeviceListQuery } from '../api/devices';
import { AddDeviceModal } from '../components/AddDeviceModal';
import { ClaimDeviceModal } from '../components/ClaimDeviceModal';
import { DeviceSecretModal } from '../components/DeviceSecretModal';
import { BindTag, OnlineBadge, StatusTag } from '../components/DeviceTags';
import { useDevicesChannel } from '../hooks/useDevicesChannel';
import { deviceDetailPath, FLOW_DRAFT_PATH, gatewayConfigPath } from '@/shared/routing/devicePaths';
import '../devices.css';

/** /smartdata/device: the company's devices, online state live (the gateways have their own list, /device/gateway). */
export function DeviceListPage() {
  const { t } = useTranslation(['devices', 'texts']);
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [query, setQuery] = useState<Partial<DeviceListQuery>>({ pageNum: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const [secret, setSecret] = useState<{ sn: string; secret: string } | null>(null);
  const list = useDeviceListQuery(query);
  const add = useAddDeviceMutation();
  const remove = useDeleteDeviceMutation();
  const channel = useDevicesChannel();

  const filter = (patch: Partial<DeviceListQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));

  const handleDelete = (device: DeviceItem) =>
    void modal.confirm({
      title: t('delete.title', { name: device.name }),
      content: t('delete.content'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(device.id);
          void message.success(t('texts:deleteSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });

  const columns: TableColumnsType<DeviceItem> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', render: (name: string, d) => <Link to={deviceDetailPath(d.id)}>{name}</Link> },
    { title: t('fields.sn'), dataIndex: 'sn', key: 'sn', render: (sn: string) => <code>{sn}</code> },
    { title: t('fields.model'), dataIndex: 'model', key: 'model' },
    { title: t('fields.online'), dataIndex: 'online', key: 'online', render: (online: boolean) => <OnlineBadge online={online} /> },
    { title: t('fields.bindState'), dataIndex: 'bindState', key: 'bindState', render: (s: BindState) => <BindTag state={s} /> },
    { title: t('fields.status'), dataIndex: 'status', key: 'status', render: (s: LifecycleStatus) => <StatusTag status={s} /> },
    { title: t('fields.firmware'), dataIndex: 'firmwareVersion', key: 'firmwareVersion', render: (v: string | null) => v ?? '—' },
    { title: t('fields.lastSeen'), dataIndex: 'lastSeenAt', key: 'lastSeenAt', render: (v: number | null) => (v ? formatDateTime(v) : '—') },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 150,
      render: (_: unknown, d) => (
        <Space size={0}>
          <Tooltip title={t('actions.gatewayConfig')}>
            <Link to={gatewayConfigPath(d.id)} aria-label={t('actions.gatewayConfig')} className="ant-btn ant-btn-text ant-btn-sm">
              <SettingOutlined />
            </Link>
          </Tooltip>
          <Tooltip title={t('delete.ok')}>
            <Button type="text" size="small" danger aria-label={t('delete.ok')} icon={<DeleteOutlined />} onClick={() => handleDelete(d)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Space>
            <Button icon={<ApartmentOutlined />} onClick={() => void navigate(FLOW_DRAFT_PATH)}>
              {t('list.flowDraft')}
            </Button>
            <Button icon={<SwapOutlined />} onClick={() => setClaiming(true)}>
              {t('claim.title')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('add.title')}
            </Button>
          </Space>
        }
      />
      <Card>
        <Space wrap className="sd-devices__filters">
          <Input.Search
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(value) => filter({ keyword: value.trim() || undefined })}
            style={{ width: 240 }}
          />
          <Select
            aria-label={t('fields.online')}
            allowClear
            placeholder={t('fields.online')}
            style={{ width: 120 }}
            onChange={(v?: 'yes' | 'no') => filter({ online: v === undefined ? undefined : v === 'yes' })}
            options={[{ value: 'yes', label: t('online.yes') }, { value: 'no', label: t('online.no') }]}
          />
          <Select aria-label={t('fields.bindState')} allowClear placeholder={t('fields.bindState')} style={{ width: 130 }} onChange={(v?: BindState) => filter({ bindState: v })} options={bindStates.map((s) => ({ value: s, label: t(`bind.states.${s}`) }))} />
          <Select aria-label={t('fields.status')} allowClear placeholder={t('fields.status')} style={{ width: 150 }} onChange={(v?: LifecycleStatus) => filter({ status: v })} options={lifecycleCodes.map((c) => ({ value: c, label: lifecycleNames[c][locale] }))} />
          <span className="sd-muted">{channel === 'live' ? t('list.live') : t('list.notLive')}</span>
        </Space>
        {list.isError ? (
          <Result status="warning" title={t('list.loadFailed')} extra={<Button onClick={() => void list.refetch()}>{t('list.retry')}</Button>} />
        ) : (
          <Table<DeviceItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isPending || list.isFetching}
            locale={{ emptyText: <Empty description={query.keyword ? t('list.noMatch') : t('list.empty')} /> }}
            pagination={{
              current: query.pageNum,
              pageSize: query.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('list.total', { count: total }),
              onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
            }}
            scroll={{ x: 960 }}
          />
        )}
      </Card>
      <AddDeviceModal
        open={adding}
        saving={add.isPending}
        onCancel={() => setAdding(false)}
        onFinish={(values) =>
          void add.mutateAsync(values).then(
            (result) => {
              setAdding(false);
              setSecret({ sn: result.sn, secret: result.secret });
            },
            () => undefined,
          )
        }
      />
      <DeviceSecretModal value={secret} onClose={() => setSecret(null)} />
      <ClaimDeviceModal open={claiming} onClose={() => setClaiming(false)} />
    </div>
  );
}
