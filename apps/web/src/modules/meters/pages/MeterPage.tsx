import { useMemo } from 'react';
import { Alert, Button, Card, Skeleton } from 'antd';
import { FileTextOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { levelAtLeast } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useMeterQuery, useMonthlyReportQuery } from '../api/meters';
import { DailyBarsChart } from '../components/DailyBarsChart';
import { MeterNotFound, MeterScreen } from '../components/MeterScreen';
import { SourceText } from '../components/SourceText';
import { meterConfigPath, meterReportPath, monthOf } from '../lib/meterPaths';
import { formatKwh, formulaText } from '../lib/meterText';

/** The live reading is read again every 30 s while the page is open. */
const REFRESH_MS = 30_000;

/**
 * /standardElectricMeter/{id}/{name} and /virtualElectricMeter/{id}/{name}: a meter's live
 * reading, today's and this month's consumption and the month's daily bars (gaps stay empty).
 */
export function MeterPage() {
  const { t } = useTranslation('meters');
  const locale = useLocale();
  const navigate = useNavigate();
  const params = useParams();
  const meterId = Number(params.electricMeterId);
  const meter = useMeterQuery(meterId, { refetchInterval: REFRESH_MS });
  const zone = meter.data?.timeZone ?? 'Asia/Shanghai';
  const { year, month } = monthOf(Date.now(), zone);
  const report = useMonthlyReportQuery(meter.data ? meterId : 0, year, month);
  const days = useMemo(() => (report.data?.days ?? []).map((d) => ({ day: Number(d.date.slice(8, 10)), value: d.value, gap: d.gap })), [report.data]);
  const name = meter.data?.name ?? params.electricMeterName ?? '';

  if (meter.isError) {
    return (
      <MeterScreen title={name}>
        <MeterNotFound />
      </MeterScreen>
    );
  }
  const data = meter.data;
  const ref = { id: meterId, name, nodeType: data?.nodeType ?? 101 };
  return (
    <MeterScreen
      title={name}
      nodeType={data?.nodeType}
      subtitle={data ? data.formula ? <span>{t('fields.formula')}：{formulaText(data.formula, locale)}</span> : <SourceText meter={data} /> : undefined}
      actions={
        <>
          <Button icon={<ReloadOutlined spin={meter.isFetching && !meter.isPending} />} onClick={() => void Promise.all([meter.refetch(), report.refetch()])}>
            {t('actions.refresh')}
          </Button>
          {data && levelAtLeast(data.level, 'readWrite') && (
            <Button icon={<SettingOutlined />} onClick={() => void navigate(meterConfigPath(ref))}>
              {t('actions.settings')}
            </Button>
          )}
          <Button type="primary" icon={<FileTextOutlined />} onClick={() => void navigate(meterReportPath(ref, year, month))} disabled={!data}>
            {t('actions.report')}
          </Button>
        </>
      }
    >
      <section className="sd-meter-stats" aria-label={t('detail.statsLabel')}>
        <Card className="sd-meter-stat">
          <div className="sd-meter-stat__label">{t('fields.reading')}</div>
          {data ? (
            <>
              <div className="sd-meter-stat__value" data-testid="meter-reading">
                {data.reading ? formatKwh(data.reading.value, locale) : '—'} <span className="sd-meter-stat__unit">kWh</span>
              </div>
              <div className="sd-muted sd-meter-stat__note">{data.reading ? t('detail.readAt', { time: formatDateTime(data.reading.at, zone) }) : t('detail.noReading')}</div>
            </>
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          )}
        </Card>
        <Card className="sd-meter-stat">
          <div className="sd-meter-stat__label">{t('fields.today')}</div>
          {data ? (
            <>
              <div className="sd-meter-stat__value" data-testid="meter-today">
                {formatKwh(data.today, locale)} <span className="sd-meter-stat__unit">kWh</span>
              </div>
              <div className="sd-muted sd-meter-stat__note">{data.today === null ? t('gap') : t('detail.todayNote')}</div>
            </>
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          )}
        </Card>
        <Card className="sd-meter-stat">
          <div className="sd-meter-stat__label">{t('fields.thisMonth')}</div>
          {data ? (
            <>
              <div className="sd-meter-stat__value" data-testid="meter-month">
                {formatKwh(data.thisMonth, locale)} <span className="sd-meter-stat__unit">kWh</span>
              </div>
              <div className="sd-muted sd-meter-stat__note">{t('detail.monthNote', { year, month })}</div>
            </>
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          )}
        </Card>
      </section>
      {data && !data.reading && <Alert type="info" showIcon className="sd-meter-hint" title={t('detail.noReadingHint')} />}
      <Card title={t('detail.chartTitle', { year, month })} className="sd-meter-card">
        {report.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : <DailyBarsChart days={days} />}
      </Card>
    </MeterScreen>
  );
}
