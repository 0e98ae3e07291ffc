import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmSources, type AlarmSource, type AlarmState } from '@smartdata/domain';

const levelColors: Record<number, string> = { 3: 'red', 2: 'orange', 1: 'gold' };
const stateColors: Record<AlarmState, string> = { active: 'error', acknowledged: 'warning', cleared: 'default' };

/** An alarm level 1–3 (三级 the most severe), colored by severity. */
export function LevelTag({ level }: { level: number }) {
  const { t } = useTranslation('alarms');
  return (
    <Tag color={levelColors[level] ?? 'default'} className="sd-alarm-level">
      {t(`level.${level}`)}
    </Tag>
  );
}

/** An alarm state: unacknowledged, acknowledged or cleared. */
export function StateTag({ state }: { state: AlarmState }) {
  const { t } = useTranslation('alarms');
  return <Tag color={stateColors[state]}>{t(`state.${state}`)}</Tag>;
}

/** Where an alarm comes from: 客户端 (a device reported it) or 服务端 (a rule, watch or task of the platform). */
export function SourceText({ source }: { source: AlarmSource }) {
  const { t } = useTranslation('alarms');
  return <span className={source === alarmSources.client ? 'sd-alarm-source sd-alarm-source--client' : 'sd-alarm-source sd-muted'}>{t(`source.${source}`)}</span>;
}
