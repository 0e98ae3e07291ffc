import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotificationOutlined } from '@ant-design/icons';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAlarmFeedQuery } from '../api/boards';
import { CarouselPlayer } from '../components/CarouselPlayer';
import '../dashboards.css';

/**
 * /dashboardmarquee/:boardPlayId — the published carousel above a marquee of alarm messages: the
 * open alarms the viewer may read (cloud monitoring's alarm feed), live on the alarms channel.
 */
export function DashboardMarqueePage() {
  const { t } = useTranslation('dashboards');
  const carouselId = Number(useParams().boardPlayId);
  const feed = useAlarmFeedQuery(30_000);
  const alarms = feed.data?.list ?? [];
  return (
    <main className="sd-screen sd-screen--marquee">
      <div className="sd-screen__main">
        <CarouselPlayer carouselId={carouselId} version="published" globalKeys />
      </div>
      <div className="sd-marquee" role="marquee" aria-label={t('marquee.label')}>
        <NotificationOutlined className="sd-marquee__icon" />
        {alarms.length === 0 ? (
          <span className="sd-marquee__empty" data-testid="marquee-empty">
            {t('widget.noAlarms')}
          </span>
        ) : (
          <div className="sd-marquee__track">
            {alarms.map((alarm) => (
              <span key={alarm.id} className={`sd-marquee__item sd-alarm-level--${alarm.level}`}>
                [{t(`alarmLevel.${alarm.level}`)}] {alarm.message} · {formatDateTime(alarm.at)}
              </span>
            ))}
          </div>
        )}
      </div>
    </main>
  );
}
