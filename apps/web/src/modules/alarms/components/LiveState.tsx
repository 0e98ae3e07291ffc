import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelState } from '../hooks/useAlarmsChannel';

/** Whether the page is receiving live alarm pushes. */
export function LiveState({ state }: { state: ChannelState }) {
  const { t } = useTranslation('alarms');
  return <Badge status={state === 'live' ? 'processing' : 'default'} text={<span className="sd-muted">{state === 'live' ? t('live') : t('notLive')}</span>} />;
}
