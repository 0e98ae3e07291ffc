import type { UsageDay } from '@smartdata/domain';

/** ECharts option of a card's (or the company's) daily usage: one bar per local day, MB. */
export function usageChartOption(days: readonly UsageDay[], unit: string, compact = false): Record<string, unknown> {
  return {
    animation: false,
    grid: { left: compact ? 8 : 16, right: compact ? 8 : 16, top: 32, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value: number) => `${value} ${unit}` },
    xAxis: {
      type: 'category',
      data: days.map((d) => d.day.slice(5)),
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: compact ? 6 : 'auto' },
    },
    yAxis: { type: 'value', name: unit, nameTextStyle: { align: 'left' }, splitLine: { lineStyle: { type: 'dashed' } } },
    series: [{ type: 'bar', name: unit, barMaxWidth: 24, itemStyle: { color: '#1668dc', borderRadius: [3, 3, 0, 0] }, data: days.map((d) => Math.round(d.usedMb * 100) / 100) }],
  };
}

/** Total MB of the days. */
export function usageTotal(days: readonly UsageDay[]): number {
  return Math.round(days.reduce((sum, d) => sum + d.usedMb, 0) * 1000) / 1000;
}
