import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Space, Switch } from 'antd';
import { CloseOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatInstant, limits, type AlarmPush, type AlarmView } from '@smartdata/domain';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAlarmsQuery } from '../api/alarms';
import { LiveState } from '../components/LiveState';
import { useAlarmsChannel } from '../hooks/useAlarmsChannel';
import { blinkingIds, groupByLevel, isNewSevereAlarm, wallLevels } from '../lib/alarmWall';
import { AlarmBeeper } from '../lib/beep';
import { targetKindText } from '../lib/texts';
import '../alarms.css';

const LOG_PATH = '/cloudSurveillance/alertLog';
const wallPage = { pageNum: 1, pageSize: limits.pageSizeMax };

/** The wall's clock: the company's wall time, once a second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * /alertdashboard: a full-screen dark wall of the open alarms (unacknowledged and acknowledged),
 * in three columns by level, live. A new level-3 alarm blinks, and beeps when the sound is on
 * (off by default: a browser plays sound only after the user turns it on). Escape goes back to
 * the log.
 */
export function AlarmWallPage() {
  const { t } = useTranslation('alarms');
  const navigate = useNavigate();
  const timeZone = useCompanyTimeZone();
  const now = useNow();
  const active = useAlarmsQuery({ state: 'active', ...wallPage });
  const acknowledged = useAlarmsQuery({ state: 'acknowledged', ...wallPage });
  const [sound, setSound] = useState(false);
  const [arrivals, setArrivals] = useState<ReadonlyMap<number, number>>(new Map());
  const beeper = useRef<AlarmBeeper | null>(null);
  const all = useMemo(() => [...(active.data?.list ?? []), ...(acknowledged.data?.list ?? [])], [active.data, acknowledged.data]);
  const columns = useMemo(() => groupByLevel(all), [all]);
  const blinking = blinkingIds(arrivals, now);

  const handlePush = (push: AlarmPush) => {
    const known = all.find((alarm) => alarm.id === push.alarm.id);
    if (isNewSevereAlarm(push, known?.level)) {
      setArrivals((old) => new Map(old).set(push.alarm.id, Date.now()));
      if (sound) {
        beeper.current?.beep();
      }
    }
  };
  const channel = useAlarmsChannel(handlePush);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        void navigate(LOG_PATH);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
  useEffect(() => () => beeper.current?.close(), []);

  const handleSound = (on: boolean) => {
    if (on) {
      beeper.current ??= new AlarmBeeper();
      beeper.current.unlock();
    }
    setSound(on);
  };

  const unacked = active.data?.total ?? 0;
  const total = unacked + (acknowledged.data?.total ?? 0);

  return (
    <main className="sd-screen sd-alarm-wall">
      <header className="sd-alarm-wall__bar">
        <h1 className="sd-alarm-wall__title">{t('wall.title')}</h1>
        <div className="sd-alarm-wall__counts" aria-live="polite">
          <span>
            {t('wall.active')} <strong data-testid="wall-total">{total}</strong>
          </span>
          <span>
            {t('wall.unacked')} <strong>{unacked}</strong>
          </span>
          {wallLevels.map((level) => (
            <span key={level} className={`sd-alarm-wall__count sd-alarm-wall__count--level${level}`}>
              {t(`level.${level}`)} <strong>{columns[level].length}</strong>
            </span>
          ))}
        </div>
        <Space size="middle" wrap className="sd-alarm-wall__tools">
          <LiveState state={channel} />
          <span className="sd-alarm-wall__clock">{formatInstant(now, 'datetime', timeZone)}</span>
          <label className="sd-alarm-wall__sound">
            <SoundOutlined /> {t('wall.sound')}
            <Switch size="small" checked={sound} onChange={handleSound} aria-label={sound ? t('wall.soundOn') : t('wall.soundOff')} />
          </label>
          <Button size="small" type="text" className="sd-alarm-wall__close" icon={<CloseOutlined />} onClick={() => void navigate(LOG_PATH)}>
            {t('wall.exit')}
          </Button>
        </Space>
      </header>
      <div className="sd-alarm-wall__columns">
        {wallLevels.map((level) => (
          <section key={level} className={`sd-alarm-wall__column sd-alarm-wall__column--level${level}`} aria-label={t(`level.${level}`)}>
            <h2 className="sd-alarm-wall__heading">
              {t(`level.${level}`)} <span>{columns[level].length}</span>
            </h2>
            <div className="sd-alarm-wall__list">
              {columns[level].length === 0 && !active.isPending ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wall.none')} />
              ) : (
                columns[level].map((alarm) => <WallCard key={alarm.id} alarm={alarm} blinking={blinking.has(alarm.id)} />)
              )}
            </div>
          </section>
        ))}
      </div>
    </main>
  );
}

function WallCard({ alarm, blinking }: { alarm: AlarmView; blinking: boolean }) {
  const { t } = useTranslation('alarms');
  const classes = ['sd-alarm-wall__card', `sd-alarm-wall__card--level${alarm.level}`];
  if (alarm.state === 'acknowledged') {
    classes.push('sd-alarm-wall__card--acknowledged');
  }
  if (blinking) {
    classes.push('sd-alarm-wall__card--blink');
  }
  return (
    <article className={classes.join(' ')} data-testid="wall-alarm">
      <div className="sd-alarm-wall__card-head">
        <strong className="sd-alarm-wall__name">{alarm.ruleName || t(`kind.${alarm.kind}`)}</strong>
        <span className="sd-alarm-wall__value">{alarm.kind === 'threshold' ? (alarm.value ?? '—') : t(`kind.${alarm.kind}`)}</span>
      </div>
      <div className="sd-alarm-wall__target">
        {alarm.targetName} · {targetKindText(alarm.target, t)}
      </div>
      <div className="sd-alarm-wall__meta">
        <span>{t(`state.${alarm.state}`)}</span>
        <span>{t('wall.since', { time: formatDateTime(alarm.firstTime) })}</span>
        {alarm.valueTime !== null && <span>{t('wall.valueTime', { time: formatDateTime(alarm.valueTime) })}</span>}
        <span>{t('wall.times', { count: alarm.count })}</span>
      </div>
    </article>
  );
}
