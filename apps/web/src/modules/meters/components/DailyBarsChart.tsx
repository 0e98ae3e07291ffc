import { lazy, Suspense, useMemo } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { dailyBarsOption, gapDaysText, type DailyBar } from '../lib/dailyBars';

// ECharts is heavy: loaded with the chart, never with the page shell.
const EChart = lazy(() => import('@/modules/charts/components/EChart'));

/** A month's consumption as one bar a day; gap days have no bar and are named under the chart. */
export function DailyBarsChart({ days, height = 280 }: { days: readonly DailyBar[]; height?: number }) {
  const { t } = useTranslation('meters');
  const phone = useIsPhone();
  const option = useMemo(() => dailyBarsOption(days, { unit: 'kWh', gap: t('gap'), notYet: t('notYet') }, phone), [days, t, phone]);
  const gaps = gapDaysText(days);
  if (days.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noDays')} />;
  }
  return (
    <figure className="sd-meter-chart" aria-label={t('detail.chartLabel')}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <EChart option={option} height={height} />
      </Suspense>
      <figcaption className="sd-muted sd-meter-chart__caption">{gaps ? t('detail.gapDays', { days: gaps }) : t('detail.noGaps')}</figcaption>
    </figure>
  );
}
