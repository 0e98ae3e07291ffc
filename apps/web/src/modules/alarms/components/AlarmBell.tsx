import { App, Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alarmPermission, type AlarmPush } from '@smartdata/domain';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useAlarmCountQuery } from '../api/alarms';
import { useAlarmsChannel } from '../hooks/useAlarmsChannel';

const LOG_PATH = '/cloudSurveillance/alertLog';

/** How long the in-app notice of a new alarm stays (it also stays in the log and the bell). */
const NOTICE_SECONDS = 8;

/**
 * The navbar's bell: how many active unacknowledged alarms the user may see, refreshed on every
 * push of the `alarms` channel and every minute; a click opens the alarm log. A new alarm (or a
 * reminder of one nobody acknowledged) also shows an in-app notice at the bottom right, one per
 * alarm (a reminder replaces the alarm's earlier notice rather than stacking). Shown to those who
 * may open the log (cs_info).
 */
export function AlarmBell() {
  const codes = useMenuCodes();
  return codes.has(alarmPermission.alarms) ? <Bell /> : null;
}

function Bell() {
  // Without suspense: the navbar must not wait for the module's texts (they load on first use).
  const { t, ready } = useTranslation('alarms', { useSuspense: false });
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const count = useAlarmCountQuery();
  const handlePush = ({ event, alarm }: AlarmPush) => {
    if (!ready || (event !== 'opened' && event !== 'reminder')) {
      return;
    }
    const key = `alarm-${alarm.id}`;
    notification.open({
      key,
      type: alarm.level === 3 ? 'error' : 'warning',
      placement: 'bottomRight',
      duration: NOTICE_SECONDS,
      title: t(event === 'opened' ? 'bell.opened' : 'bell.reminder', { level: t(`level.${alarm.level}`), name: alarm.ruleName || t(`kind.${alarm.kind}`) }),
      description: alarm.value === null ? alarm.targetName : `${alarm.targetName}: ${alarm.value}`,
      onClick: () => {
        notification.destroy(key);
        void navigate(LOG_PATH);
      },
    });
  };
  useAlarmsChannel(handlePush);
  const total = count.data?.count ?? 0;
  if (!ready) {
    return null;
  }
  const label = total > 0 ? t('bell.label', { count: total }) : t('bell.none');
  return (
    <Tooltip title={label}>
      <Button type="text" className="sd-navbar__button sd-alarm-bell" aria-label={label} onClick={() => void navigate(LOG_PATH)}>
        <Badge count={total} size="small" overflowCount={99} color={(count.data?.byLevel['3'] ?? 0) > 0 ? 'red' : 'orange'}>
          <BellOutlined />
        </Badge>
      </Button>
    </Tooltip>
  );
}
