import { z } from 'zod';
import { timeRange } from './dataItems.schemas';

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
} as const;

export const chartSeries = z.object({
  field: z.string().trim().min(1).max(64),
  aggregate: z.enum(chartAggregates).default('none'),
});
export type ChartSeries = z.infer<typeof chartSeries>;

/** `POST /general/chart/query` → `ChartQueryResult` (read permission on the data item). */
export const chartQueryRequest = z.object({
  itemId: z.coerce.number().int().positive(),
  series: z.array(chartSeries).min(1).max(chartLimits.seriesMax),
  bucket: z.enum(chartBuckets).default('raw'),
  range: timeRange,
  /** Fewer points than the maximum (a small widget); capped at `chartLimits.maxPointsPerSeries`. */
  maxPoints: z.coerce.number().int().min(10).max(chartLimits.maxPointsPerSeries).optional(),
});
export type ChartQueryRequest = z.infer<typeof chartQueryRequest>;

export interface ChartQueryResult {
  /** The resolved window, epoch ms, `to` exclusive. */
  from: number;
  to: number;
  bucket: ChartBucket;
  series: Array<{
    field: string;
    aggregate: ChartAggregate;
    /** [epoch ms, value] in time order; a bucket's time is its start. */
    points: Array<[number, number]>;
    /** True when raw values were thinned (min/max or LTTB) to fit the point limit. */
    downsampled: boolean;
  }>;
}
