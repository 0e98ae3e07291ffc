import { Empty, List, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryState, DeliveryView } from '@smartdata/domain';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAlarmDeliveriesQuery } from '../api/deliveries';

const stateColors: Record<DeliveryState, string> = { pending: 'default', retrying: 'warning', sent: 'success', failed: 'error' };

/**
 * The alarm's delivery log (发送记录, issue 32): each SMS, e-mail and channel message — where to,
 * its state (待发送 / 重试中 / 已发送 / 发送失败), tries, the receiver's last answer and when.
 */
export function DeliveryLog({ alarmId }: { alarmId: number }) {
  const { t } = useTranslation('alarms');
  const deliveries = useAlarmDeliveriesQuery(alarmId);
  const rows = deliveries.data ?? [];
  if (!deliveries.isPending && rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deliveries.empty')} />;
  }
  return (
    <section aria-label={t('deliveries.title')}>
      <List<DeliveryView>
        size="small"
        loading={deliveries.isPending}
        dataSource={rows}
        className="sd-alarm-deliveries"
        renderItem={(delivery) => (
          <List.Item key={delivery.id} className="sd-alarm-delivery">
            <div className="sd-alarm-delivery__head">
              <span className="sd-alarm-delivery__to">
                <Tag>{t(`deliveries.kind.${delivery.kind}`)}</Tag>
                {delivery.to}
              </span>
              <Tag color={stateColors[delivery.state]} className="sd-alarm-delivery__state">
                {t(`deliveries.state.${delivery.state}`)}
              </Tag>
            </div>
            <div className="sd-muted sd-alarm-delivery__meta">
              {t(`deliveries.event.${delivery.event}`, { defaultValue: delivery.event })} · {t('deliveries.attempts', { count: delivery.attempts })} ·{' '}
              {delivery.sentAt !== null ? t('deliveries.sentAt', { time: formatDateTime(delivery.sentAt) }) : delivery.nextAt !== null && delivery.state === 'retrying' ? t('deliveries.nextAt', { time: formatDateTime(delivery.nextAt) }) : formatDateTime(delivery.updatedAt)}
            </div>
            {delivery.answer && (
              <Tooltip title={delivery.answer}>
                <div className="sd-alarm-delivery__answer">{t('deliveries.answer', { answer: delivery.answer })}</div>
              </Tooltip>
            )}
          </List.Item>
        )}
      />
    </section>
  );
}
