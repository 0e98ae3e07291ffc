import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alarmPermission } from '@smartdata/domain';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useAlarmCountQuery } from '../api/alarms';
import { useAlarmsChannel } from '../hooks/useAlarmsChannel';

const LOG_PATH = '/cloudSurveillance/alertLog';

/**
 * The navbar's bell: how many active unacknowledged alarms the user may see, refreshed on every
 * push of the `alarms` channel and every minute; a click opens the alarm log. Shown to those who
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
  const count = useAlarmCountQuery();
  useAlarmsChannel();
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
