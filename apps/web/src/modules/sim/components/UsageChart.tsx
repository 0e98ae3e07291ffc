import { lazy, Suspense, useMemo } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UsageDay } from '@smartdata/domain';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { usageChartOption } from '../lib/usageChart';

// ECharts is heavy: loaded with the chart, never with the page shell.
const EChart = lazy(() => import('@/modules/charts/components/EChart'));

/** Daily usage as bars (MB per local day). */
export function UsageChart({ days, height = 260 }: { days: readonly UsageDay[]; height?: number }) {
  const { t } = useTranslation('sim');
  const phone = useIsPhone();
  const option = useMemo(() => usageChartOption(days, 'MB', phone), [days, phone]);
  // Below 0.01 MB a day the bars would all read 0.
  if (days.every((d) => Math.round(d.usedMb * 100) === 0)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noUsage')} />;
  }
  return (
    <figure className="sd-sim-chart" aria-label={t('detail.usageTitle')}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <EChart option={option} height={height} />
      </Suspense>
    </figure>
  );
}
