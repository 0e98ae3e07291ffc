import { useState } from 'react';
import { Drawer, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryState, DeliveryView } from '@smartdata/domain';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useSubscriptionDeliveriesQuery } from '../api/subscriptions';

const stateColors: Record<DeliveryState, string> = { pending: 'default', retrying: 'warning', sent: 'success', failed: 'error' };
const PAGE_SIZE = 20;

/**
 * A subscription's delivery log (发送记录), newest first: each event's state in the delivery queue
 * (待发送 / 重试中 / 已发送 / 发送失败), its tries, the receiver's last answer and when — the
 * states and words of the alarms' delivery log (issue 32).
 */
export function DeliveryLogDrawer({ subscriptionId, title, onClose }: { subscriptionId: number; title: string; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const [pageNum, setPageNum] = useState(1);
  const deliveries = useSubscriptionDeliveriesQuery(subscriptionId, { pageNum, pageSize: PAGE_SIZE });
  const columns: TableColumnsType<DeliveryView> = [
    { title: t('log.event'), dataIndex: 'event', key: 'event', render: (event: string) => t(`event.${event}`, { defaultValue: event }) },
    { title: t('log.state'), dataIndex: 'state', key: 'state', width: 100, render: (state: DeliveryState) => <Tag color={stateColors[state]}>{t(`log.states.${state}`)}</Tag> },
    { title: t('log.attempts'), dataIndex: 'attempts', key: 'attempts', width: 80 },
    {
      title: t('log.answer'),
      dataIndex: 'answer',
      key: 'answer',
      ellipsis: { showTitle: false },
      render: (answer: string | null) =>
        answer ? (
          <Tooltip title={answer}>
            <span className="sd-mono">{answer}</span>
          </Tooltip>
        ) : (
          <span className="sd-muted">—</span>
        ),
    },
    {
      title: t('log.time'),
      key: 'time',
      width: 170,
      render: (_value, d) => (d.sentAt !== null ? formatDateTime(d.sentAt) : d.state === 'retrying' && d.nextAt !== null ? t('log.nextAt', { time: formatDateTime(d.nextAt) }) : formatDateTime(d.updatedAt)),
    },
  ];
  return (
    <Drawer open title={title} size={760} onClose={onClose} destroyOnHidden>
      <Table<DeliveryView>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={deliveries.data?.list ?? []}
        loading={deliveries.isPending}
        locale={{ emptyText: t('log.empty') }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: deliveries.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false, showTotal: (total) => t('log.total', { count: total }) }}
        scroll={{ x: 640 }}
      />
    </Drawer>
  );
}
