import { useState } from 'react';
import { Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { ApartmentOutlined, DeleteOutlined, PlusOutlined, SettingOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { bindStates, lifecycleCodes, lifecycleNames, type BindState, type DeviceItem, type DeviceListQuery, type LifecycleStatus } from '@smartdata/domain';
import { FilterSelect } from '@/shared/components/list/FilterSelect';
import { ListCard } from '@/shared/components/list/ListCard';
import { timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useLocale } from '@/shared/i18n/useLocale';
import { useAddDeviceMutation, useDeleteDeviceMutation, useDeviceListQuery } from '../api/devices';
import { AddDeviceModal } from '../components/AddDeviceModal';
import { ClaimDeviceModal } from '../components/ClaimDeviceModal';
import { DeviceSecretModal } from '../components/DeviceSecretModal';
import { BindTag, OnlineBadge, StatusTag } from '../components/DeviceTags';
import { useDevicesChannel } from '../hooks/useDevicesChannel';
import { deviceDetailPath, FLOW_DRAFT_PATH, gatewayConfigPath } from '@/shared/routing/devicePaths';
import '../devices.css';

type DeviceFilters = Pick<DeviceListQuery, 'online' | 'bindState' | 'status'>;

/** /smartdata/device: the company's devices, online state live (the gateways have their own list, /device/gateway). */
export function DeviceListPage() {
  const { t } = useTranslation(['devices', 'texts']);
  const locale = useLocale();
  const { confirmDelete } = useListActions();
  const navigate = useNavigate();
  const paged = usePagedList<DeviceFilters>(20);
  const [adding, setAdding] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const [secret, setSecret] = useState<{ sn: string; secret: string } | null>(null);
  const list = useDeviceListQuery({ ...paged.filters, keyword: paged.keyword || undefined, pageNum: paged.pageNum, pageSize: paged.pageSize });
  const add = useAddDeviceMutation();
  const remove = useDeleteDeviceMutation();
  const channel = useDevicesChannel();

  const handleDelete = (device: DeviceItem) =>
    confirmDelete({ title: t('delete.title', { name: device.name }), content: t('delete.content'), okText: t('delete.ok'), onDelete: () => remove.mutateAsync(device.id) });

  const columns: TableColumnsType<DeviceItem> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', render: (name: string, d) => <Link to={deviceDetailPath(d.id)}>{name}</Link> },
    { title: t('fields.sn'), dataIndex: 'sn', key: 'sn', render: (sn: string) => <code>{sn}</code> },
    { title: t('fields.model'), dataIndex: 'model', key: 'model' },
    { title: t('fields.online'), dataIndex: 'online', key: 'online', render: (online: boolean) => <OnlineBadge online={online} /> },
    { title: t('fields.bindState'), dataIndex: 'bindState', key: 'bindState', render: (s: BindState) => <BindTag state={s} /> },
    { title: t('fields.status'), dataIndex: 'status', key: 'status', render: (s: LifecycleStatus) => <StatusTag status={s} /> },
    { title: t('fields.firmware'), dataIndex: 'firmwareVersion', key: 'firmwareVersion', render: (v: string | null) => v ?? '—' },
    timeColumn(t('fields.lastSeen'), 'lastSeenAt', { width: null }),
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
      <ListCard<DeviceItem> columns={columns} query={list} paged={paged} scrollX={960}
        texts={{ search: t('list.search'), total: (count) => t('list.total', { count }), empty: t('list.empty'), noMatch: t('list.noMatch'), loadFailed: t('list.loadFailed') }}
        table={{ size: 'middle' }}
        toolbar={
          <>
            <FilterSelect<'yes' | 'no'>
              placeholder={t('fields.online')}
              width={120}
              value={paged.filters.online === undefined ? undefined : paged.filters.online ? 'yes' : 'no'}
              onChange={(online) => paged.filter({ online: online === undefined ? undefined : online === 'yes' })}
              options={[{ value: 'yes', label: t('online.yes') }, { value: 'no', label: t('online.no') }]}
            />
            <FilterSelect<BindState> placeholder={t('fields.bindState')} width={130} value={paged.filters.bindState} onChange={(bindState) => paged.filter({ bindState })} options={bindStates.map((s) => ({ value: s, label: t(`bind.states.${s}`) }))} />
            <FilterSelect<LifecycleStatus> placeholder={t('fields.status')} width={150} value={paged.filters.status} onChange={(status) => paged.filter({ status })} options={lifecycleCodes.map((c) => ({ value: c, label: lifecycleNames[c][locale] }))} />
            <span className="sd-muted">{channel === 'live' ? t('list.live') : t('list.notLive')}</span>
          </>
        }
      />
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
