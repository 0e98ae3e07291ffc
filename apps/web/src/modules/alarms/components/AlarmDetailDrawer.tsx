import { Descriptions, Drawer, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmView } from '@smartdata/domain';
import { formatDateTime } from '@/shared/utils/formatTime';
import { targetKindText } from '../lib/texts';
import { LevelTag, StateTag } from './AlarmTags';
import { DeliveryLog } from './DeliveryLog';

/** An alarm, its handling record (raised, acknowledged, cleared) and its delivery log (SMS, e-mail, channels). */
export function AlarmDetailDrawer({ alarm, onClose }: { alarm: AlarmView | null; onClose: () => void }) {
  const { t } = useTranslation('alarms');
  const record = alarm
    ? [
        {
          key: 'raised',
          color: 'red',
          content: (
            <>
              <strong>{t('detail.raised')}</strong> · {formatDateTime(alarm.firstTime)}
              <div className="sd-muted">
                {alarm.kind === 'stale' ? t('detail.staleText') : alarm.kind === 'device' ? t('detail.deviceText', { count: alarm.count, time: formatDateTime(alarm.lastTime) }) : t('detail.raisedText', { value: alarm.value ?? '—', count: alarm.count, time: formatDateTime(alarm.lastTime) })}
              </div>
            </>
          ),
        },
        alarm.ackTime !== null
          ? {
              key: 'ack',
              color: 'orange',
              content: (
                <>
                  <strong>{t('detail.acknowledged', { name: alarm.ackByName ?? '—' })}</strong> · {formatDateTime(alarm.ackTime)}
                  <div className="sd-muted">{alarm.ackNote || t('detail.noNote')}</div>
                </>
              ),
            }
          : alarm.state === 'active'
            ? { key: 'pending', color: 'gray', content: <span className="sd-muted">{t('detail.pending')}</span> }
            : null,
        alarm.clearTime !== null
          ? {
              key: 'clear',
              color: 'green',
              content: (
                <>
                  <strong>{alarm.clearBy !== null ? t('detail.cleared', { name: alarm.clearByName ?? '—' }) : t('detail.clearedAuto')}</strong> · {formatDateTime(alarm.clearTime)}
                  {alarm.clearBy !== null && <div className="sd-muted">{alarm.clearNote || t('detail.noNote')}</div>}
                </>
              ),
            }
          : null,
      ].filter((entry) => entry !== null)
    : [];

  return (
    <Drawer open={alarm !== null} onClose={onClose} title={t('detail.title')} width={520} destroyOnHidden>
      {alarm && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'rule', label: t('detail.rule'), children: alarm.ruleName || '—' },
              { key: 'target', label: t('columns.target'), children: `${alarm.targetName} · ${targetKindText(alarm.target, t)}` },
              { key: 'kind', label: t('detail.kind'), children: t(`kind.${alarm.kind}`) },
              { key: 'level', label: t('columns.level'), children: <LevelTag level={alarm.level} /> },
              { key: 'state', label: t('columns.state'), children: <StateTag state={alarm.state} /> },
              { key: 'value', label: t('columns.value'), children: alarm.value ?? '—' },
              { key: 'source', label: t('detail.source'), children: t(`source.${alarm.source}`) },
              { key: 'valueTime', label: t('columns.valueTime'), children: alarm.valueTime === null ? '—' : formatDateTime(alarm.valueTime) },
              { key: 'first', label: t('columns.firstTime'), children: formatDateTime(alarm.firstTime) },
              { key: 'last', label: t('columns.lastTime'), children: formatDateTime(alarm.lastTime) },
              { key: 'count', label: t('columns.count'), children: alarm.count },
            ]}
          />
          <h3 className="sd-alarm-detail__heading">{t('detail.record')}</h3>
          <Timeline items={record} />
          <h3 className="sd-alarm-detail__heading">{t('deliveries.title')}</h3>
          <DeliveryLog alarmId={alarm.id} />
        </>
      )}
    </Drawer>
  );
}
