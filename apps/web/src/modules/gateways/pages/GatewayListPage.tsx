import { Badge, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeviceItem, GatewayConfig } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { DEVICE_LIST_PATH, deviceDetailPath, gatewayConfigPath } from '@/shared/routing/devicePaths';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useGatewayFlowsQuery, useGatewayListQuery } from '../api/gatewayList';

/** How many MQTT links a saved document has (the document is read loosely: it is the server's). */
function linkCount(config: GatewayConfig | undefined): number | null {
  const flow = config?.flow as { links?: unknown[] } | null | undefined;
  return flow && Array.isArray(flow.links) ? flow.links.length : null;
}

/**
 * /device/gateway: the gateways with their flow state (saved, pushed, pushing, failed) and link
 * state (online, binding, MQTT links); the device list (/smartdata/device) keeps the registry and
 * lifecycle. Decided in docs/gateways.md ("The gateway list").
 */
export function GatewayListPage() {
  const { t } = useTranslation(['gateways', 'texts']);
  const paged = usePagedList(20);
  const list = useGatewayListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined });
  const rows = list.data?.list ?? [];
  const flows = useGatewayFlowsQuery(rows.map((d) => d.id));
  const flowOf = (id: number) => flows[rows.findIndex((d) => d.id === id)];

  const flowState = (d: DeviceItem) => {
    const flow = flowOf(d.id);
    if (!flow || flow.isPending) {
      return <Typography.Text type="secondary">…</Typography.Text>;
    }
    const saved = flow.data?.savedAt ?? null;
    const applied = d.config.state === 'success' && d.config.version !== null ? d.config.version : (flow.data?.appliedVersion ?? null);
    return (
      <Space wrap size={[4, 4]} data-testid="gateway-flow-state">
        <Tag color={saved ? 'blue' : 'default'}>{saved ? t('list.saved', { at: formatDateTime(saved) }) : t('list.noFlow')}</Tag>
        {d.config.state === 'updating' ? (
          <Tag color="processing">{t('list.pushing', { version: d.config.version ?? '—' })}</Tag>
        ) : d.config.state === 'failed' ? (
          <Tag color="error">{t('list.pushFailed', { version: d.config.version ?? '—' })}</Tag>
        ) : null}
        <Tag color={applied !== null ? 'green' : 'default'}>{applied !== null ? t('list.pushed', { version: applied }) : t('list.notPushed')}</Tag>
      </Space>
    );
  };

  const columns: TableColumnsType<DeviceItem> = [
    { title: t('list.name'), dataIndex: 'name', key: 'name', render: (name: string, d) => <Link to={gatewayConfigPath(d.id)}>{name}</Link> },
    { title: 'SN', dataIndex: 'sn', key: 'sn', render: (sn: string) => <code>{sn}</code> },
    {
      title: t('list.link'),
      key: 'link',
      render: (_: unknown, d) => {
        const links = linkCount(flowOf(d.id)?.data);
        return (
          <Space wrap size={[8, 4]} data-testid="gateway-link-state">
            <Badge status={d.online ? 'success' : 'default'} text={d.online ? t('page.online') : t('page.offline')} />
            <Tag color={d.bindState === 'bound' ? 'blue' : 'default'}>{t(`list.bind.${d.bindState}`)}</Tag>
            {links !== null && <Typography.Text type="secondary">{t('list.links', { count: links })}</Typography.Text>}
          </Space>
        );
      },
    },
    { title: t('list.flow'), key: 'flow', render: (_: unknown, d) => flowState(d) },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_: unknown, d) => (
        <Space size={12}>
          <Link to={gatewayConfigPath(d.id)}>{t('list.editFlow')}</Link>
          <Link to={deviceDetailPath(d.id)}>{t('page.toDetail')}</Link>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('list.title')}
        description={
          <span>
            {t('list.description')} <Link to={DEVICE_LIST_PATH}>{t('list.toDevices')}</Link>
          </span>
        }
      />
      <ListCard<DeviceItem> columns={columns} query={list} paged={paged} pageSizes={[10, 20, 50]} scrollX={900}
        loading={list.isFetching && !list.data}
        texts={{ search: t('list.search'), total: (count) => t('list.total', { count }), empty: t('list.empty'), loadFailed: t('list.loadFailed') }}
      />
    </div>
  );
}
