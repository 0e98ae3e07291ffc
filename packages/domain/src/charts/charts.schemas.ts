import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { FieldType, numericFieldTypes } from '../data-items/fields';
import { timeRange } from '../data-items/timeRanges';
import { pageQuery } from '../shared/paging';
import { numeric } from '../shared/numbers';
import { nameText } from '../shared/text';

/**
 * The chart query contract (issue 5), shared by the chart pages and the dashboard widgets.
 * The charts module owns the rest of its schemas (chart configs) and may extend this file;
 * keep these names and shapes: dashboards build on them.
 */
export const chartKinds = ['line', 'bar', 'area', 'pie', 'gauge', 'numberCard', 'table'] as const;
export type ChartKind = (typeof chartKinds)[number];

/** none = raw values (downsampled to at most `chartLimits.maxPointsPerSeries`). */
export const chartAggregates = ['none', 'SUM', 'MAX', 'MIN', 'AVG'] as const;
export type ChartAggregate = (typeof chartAggregates)[number];

/** raw = no bucketing; minutes, hour, day, month buckets in the company's time zone. */
export const chartBuckets = ['raw', '1m', '5m', '10m', '15m', 'hour', 'day', 'month'] as const;
export type ChartBucket = (typeof chartBuckets)[number];

export const chartLimits = {
  /** Never more than this many points per series to the browser. */
  maxPointsPerSeries: 2000,
  seriesMax: 10,
  /** Decimal places a number card, gauge or table shows. */
  decimalsMax: 6,
} as const;

export const chartSeries = z.object({
  field: z.string().trim().min(1).max(64),
  aggregate: z.enum(chartAggregates).default('none'),
});
export type ChartSeries = z.infer<typeof chartSeries>;

/** How many categories a category axis can show (the top N by the first series' value). */
export const chartCategoryLimits = { topDefault: 10, topMax: 50 } as const;

/**
 * A category axis instead of time (issue 13, "value per location"): the series' values within the
 * time range grouped by the value of a text field of the same record, the top N categories by the
 * first series' aggregate, largest first. Needs an aggregate (SUM, MAX, MIN, AVG) on every series.
 */
export const chartCategoryAxis = z.object({
  field: z.string().trim().min(1).max(64),
  top: numeric(z.number().int().min(1, 'validation.chart.categoryTop').max(chartCategoryLimits.topMax, 'validation.chart.categoryTop')).default(chartCategoryLimits.topDefault),
});
export type ChartCategoryAxis = z.infer<typeof chartCategoryAxis>;

/** Fields a category axis groups by: text. */
export const categoryFieldTypes: readonly number[] = [FieldType.text];

/** `POST /general/chart/query` → `ChartQueryResult` (read permission on the data item). */
export const chartQueryRequest = z.object({
  itemId: idSchema,
  series: z.array(chartSeries).min(1).max(chartLimits.seriesMax),
  bucket: z.enum(chartBuckets).default('raw'),
  range: timeRange,
  /** Fewer points than the maximum (a small widget); capped at `chartLimits.maxPointsPerSeries`. */
  maxPoints: numeric(z.number().int().min(10).max(chartLimits.maxPointsPerSeries)).optional(),
  /** How raw values are thinned: min/max per slot (default; every spike survives) or LTTB (the line's shape). */
  downsample: z.enum(['minmax', 'lttb']).optional(),
  /** A category axis over a text field instead of the time axis (bucket and downsampling do not apply). */
  category: chartCategoryAxis.nullish(),
});
export type ChartQueryRequest = z.infer<typeof chartQueryRequest>;

export interface ChartQueryResult {
  /** The resolved window, epoch ms, `to` exclusive. */
  from: number;
  to: number;
  bucket: ChartBucket;
  /**
   * With a category axis: the categories shown, in order (largest first); each series' point is
   * then `[index into categories, value]` instead of `[epoch ms, value]`.
   */
  categories?: string[];
  series: Array<{
    field: string;
    /** The field's display name and unit (for legends and cards). */
    name: string;
    unit: string;
    aggregate: ChartAggregate;
    /** [epoch ms, value] in time order; a bucket's time is its start. */
    points: Array<[number, number]>;
    /** True when raw values were thinned (min/max or LTTB) to fit the point limit. */
    downsampled: boolean;
    /**
     * The whole window at once (number cards, gauges, pies): count, sum, min, max, avg of the
     * values, and the last value with its instant; null when the window holds no value.
     */
    summary: ChartSummary | null;
  }>;
}

export interface ChartSummary {
  count: number;
  sum: number;
  min: number;
  max: number;
  avg: number;
  last: [number, number];
}

/** The one value of a number card, gauge or pie slice: the last value for `none`, else the aggregate over the window. */
export function summaryValue(summary: ChartSummary | null, aggregate: ChartAggregate): number | null {
  if (!summary) {
    return null;
  }
  switch (aggregate) {
    case 'none':
      return summary.last[1];
    case 'SUM':
      return summary.sum;
    case 'MAX':
      return summary.max;
    case 'MIN':
      return summary.min;
    case 'AVG':
      return summary.avg;
  }
}

// ---- chart configs (charts module) ----

export const chartNameMax = 25;

const chartName = nameText().min(1, 'validation.nameRequired').max(chartNameMax, 'validation.chartName.tooLong');
const chartId = idSchema;

/** Kind-specific display options; unknown keys are dropped. */
export const chartOptions = z
  .object({
    /** Smooth lines (line, area). */
    smooth: z.boolean().optional(),
    /** Stack series (bar, area). */
    stack: z.boolean().optional(),
    /** Gauge scale. */
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    /** Decimal places shown (number card, gauge, table). */
    decimals: z.number().int().min(0).max(chartLimits.decimalsMax).optional(),
  })
  .default({});
export type ChartOptions = z.infer<typeof chartOptions>;

const chartBody = {
  name: chartName,
  kind: z.enum(chartKinds),
  series: z.array(chartSeries).min(1, 'validation.required').max(chartLimits.seriesMax, 'validation.tooLong'),
  bucket: z.enum(chartBuckets).default('raw'),
  range: timeRange.default({ preset: 'today' }),
  options: chartOptions,
  /** A category axis over a text field (null: the time axis). */
  category: chartCategoryAxis.nullable().default(null),
};

/** `POST /general/chart/addChart` → `{ id }` (read-write on the item; names unique per item, 40900). */
export const addChartRequest = z.object({ itemId: chartId, ...chartBody });
export type AddChartRequest = z.infer<typeof addChartRequest>;

/** `POST /general/chart/updateChart` → null */
export const updateChartRequest = z.object({ id: chartId, ...chartBody });
export type UpdateChartRequest = z.infer<typeof updateChartRequest>;

/** `POST /general/chart/deleteChart` → null */
export const deleteChartRequest = z.object({ id: chartId });
export type DeleteChartRequest = z.infer<typeof deleteChartRequest>;

/** `GET /general/chart/getChart?id` → `ChartConfig` */
export const chartQuery = z.object({ id: chartId });
export type ChartQuery = z.infer<typeof chartQuery>;

/** `GET /general/chart/getCharts?itemId&pageNum&pageSize&keyword` → `{ list: ChartConfig[], total }` */
export const chartListQuery = pageQuery.extend({ itemId: chartId, keyword: z.string().trim().max(chartNameMax).optional() });
export type ChartListQuery = z.infer<typeof chartListQuery>;

export interface ChartConfig {
  id: number;
  itemId: number;
  name: string;
  kind: ChartKind;
  series: ChartSeries[];
  bucket: ChartBucket;
  range: z.infer<typeof timeRange>;
  options: ChartOptions;
  category: ChartCategoryAxis | null;
  createdAt: number;
  updatedAt: number;
}

/** A field may be charted when it holds numbers: decimal, currency, integer (spec §3 codes 1, 2, 10). */
export const chartableFieldTypes: readonly number[] = numericFieldTypes;
