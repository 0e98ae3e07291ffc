import type { ChartKind, ChartOptions, ChartQueryResult } from '@smartdata/domain';
import { formatNumber, singleValues, timeFormatter, bucketPrecision, zoneShifter, type ChartSeriesResult } from './chartData';

/** Plain ECharts option object (typed loosely: only the pieces used here). */
export type EChartOption = Record<string, unknown>;

const palette = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#faad14', '#2f54eb', '#a0d911', '#f5222d'];
/** The value axis name (its unit) beside the tick labels: antd's secondary text. */
const axisNameColor = 'rgba(0, 0, 0, 0.65)';

/** Below this canvas height a time chart drops its zoom slider and keeps three value ticks. */
export const compactChartHeight = 240;

/**
 * The ECharts option of a chart kind. Time axes are drawn in UTC from instants shifted to the
 * company's zone (`zoneShifter`), so axis labels and tooltips show the company's wall clock.
 * `compact` (a canvas lower than `compactChartHeight`, e.g. a board widget of a few rows) zooms
 * with the wheel only: the slider would take most of its height and crush the value axis.
 */
export function chartOption(kind: ChartKind, result: ChartQueryResult, options: ChartOptions, timeZone: string, label: (s: ChartSeriesResult) => string, compact = false): EChartOption {
  const legend = { type: 'scroll', top: 0 };
  const categories = result.categories;
  if (kind === 'pie' && categories) {
    // One slice per category of the first series.
    const first = result.series[0];
    return {
      color: palette,
      animation: false,
      tooltip: { trigger: 'item', valueFormatter: (v: number) => formatNumber(v, options) },
      legend,
      series: [
        {
          type: 'pie',
          name: first ? label(first) : '',
          radius: ['35%', '65%'],
          top: 24,
          label: { formatter: '{b}: {d}%' },
          data: (first?.points ?? []).map(([index, value]) => ({ name: categories[index] ?? '', value })),
        },
      ],
    };
  }
  if (kind === 'pie') {
    return {
      color: palette,
      animation: false,
      tooltip: { trigger: 'item' },
      legend,
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          top: 24,
          label: { formatter: '{b}: {d}%' },
          data: singleValues(result).map(({ series, value }) => ({ name: label(series), value: value ?? 0 })),
        },
      ],
    };
  }
  if (kind === 'gauge') {
    const first = singleValues(result)[0];
    const value = first?.value ?? 0;
    const max = options.max ?? niceMax(Math.max(...result.series.map((s) => s.summary?.max ?? 0), value));
    return {
      animation: false,
      series: [
        {
          type: 'gauge',
          min: options.min ?? 0,
          max,
          progress: { show: true, width: 14 },
          axisLine: { lineStyle: { width: 14 } },
          detail: { valueAnimation: false, fontSize: 24, formatter: (v: number) => `${formatNumber(v, options)}${first?.series.unit ? ` ${first.series.unit}` : ''}` },
          title: { offsetCenter: [0, '75%'] },
          data: [{ value, name: first ? label(first.series) : '' }],
        },
      ],
    };
  }
  const shift = zoneShifter(timeZone);
  const format = timeFormatter('UTC');
  const precision = bucketPrecision(result.bucket);
  const units = unitsOf(result.series);
  // Two axes fit at the sides; more sit further out on the right.
  const sideRoom = units.length > 2 ? 56 * (units.length - 2) : 0;
  return {
    color: palette,
    animation: false,
    useUTC: true,
    legend,
    grid: compact
      ? { left: 8, right: 16 + sideRoom, top: result.series.length > 1 ? 32 : 24, bottom: 4, containLabel: true }
      : { left: 16, right: 24 + sideRoom, top: 40, bottom: categories ? 16 : 48, containLabel: true },
    tooltip: categories
      ? { trigger: 'axis', valueFormatter: (v: number) => formatNumber(v, options) }
      : {
          trigger: 'axis',
          valueFormatter: (v: number) => formatNumber(v, options),
          axisPointer: { label: { formatter: (p: { value: number }) => format(p.value, precision) } },
        },
    dataZoom: categories ? [] : compact ? [{ type: 'inside' }] : [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: categories
      ? { type: 'category', data: categories, axisLabel: { hideOverlap: true, interval: 0, overflow: 'truncate', width: 80 } }
      : {
          type: 'time',
          axisLabel: {
            hideOverlap: true,
            formatter: { year: '{yyyy}', month: '{yyyy}-{MM}', day: '{MM}-{dd}', hour: '{HH}:{mm}', minute: '{HH}:{mm}', second: '{HH}:{mm}:{ss}', millisecond: '{HH}:{mm}:{ss}' },
          },
        },
    // One value axis per unit, named after it, so series of different units never share a scale.
    // The name is coloured on purpose: echarts 6 takes it from the axis line, which a single value
    // axis does not show, and drew it transparent. It reads from the axis inwards (left axes
    // start at their line, right ones end at it), so a long unit is never cut at the chart's edge.
    yAxis: units.map((unit, index) => {
      const color = units.length > 1 ? palette[result.series.findIndex((s) => s.unit === unit) % palette.length] : axisNameColor;
      const left = index % 2 === 0;
      return {
        type: 'value',
        scale: kind === 'line',
        name: unit,
        nameTextStyle: { color, align: left ? 'left' : 'right' },
        position: left ? 'left' : 'right',
        offset: index >= 2 ? 56 * (index - 1) : 0,
        alignTicks: units.length > 1,
        axisLine: units.length > 1 ? { show: true, lineStyle: { color } } : undefined,
        ...(compact ? { splitNumber: 3, nameGap: 8 } : {}),
      };
    }),
    series: result.series.map((s) => ({
      yAxisIndex: units.indexOf(s.unit),
      type: kind === 'bar' ? 'bar' : 'line',
      name: label(s),
      showSymbol: s.points.length <= 60,
      smooth: kind !== 'bar' && options.smooth === true,
      stack: options.stack ? 'all' : undefined,
      areaStyle: kind === 'area' ? { opacity: 0.25 } : undefined,
      sampling: undefined,
      large: s.points.length > 1000,
      data: categories ? s.points.map(([index, value]) => [index, value]) : s.points.map(([at, value]) => [shift(at), value]),
    })),
  };
}

/** The series' units in order of first use: one value axis each (at least one axis). */
export function unitsOf(series: readonly ChartSeriesResult[]): string[] {
  const units = [...new Set(series.map((s) => s.unit))];
  return units.length > 0 ? units : [''];
}

/** A round upper bound above `value` (gauge scale): 1, 2 or 5 × 10^n. */
export function niceMax(value: number): number {
  if (!(value > 0)) {
    return 100;
  }
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) {
      return step * power;
    }
  }
  return 10 * power;
}
