import type { Generated } from 'kysely';

/** Tables of charts (docs/charts.md): the series store and chart configs. */

/** One numeric field of one data item (later also a telemetry key of a device). */
export interface SeriesTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  field: string;
  /** Rollups are complete for buckets ending by this instant; later values are in points only (null: all complete). */
  rolled_until: number | null;
}

/** One value of a series at an instant; primary key (series_id, ts, record_id). */
export interface SeriesPointTable {
  series_id: number;
  ts: number;
  record_id: number;
  value: number;
}

/** count/sum/min/max of a series over [bucket_ts, bucket_ts + grain), grain 1 min, 15 min, 1 h or 6 h (UTC-aligned). */
export interface SeriesRollupTable {
  series_id: number;
  grain: number;
  bucket_ts: number;
  cnt: number;
  sum: number;
  min: number;
  max: number;
}

/** A saved chart of a data item; series, time_range and options are JSON. */
export interface ChartTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  name: string;
  kind: string;
  series: string;
  bucket: string;
  time_range: string;
  options: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface SeriesTables {
  series: SeriesTable;
  series_point: SeriesPointTable;
  series_rollup: SeriesRollupTable;
  chart: ChartTable;
}
