import type { ValueStats } from '@smartdata/domain';

/**
 * What the charts module reads of the series store (docs/charts.md): rollup grains, the rows and
 * refs reads answer, and the reads themselves (`SeriesReads`, on the app's database).
 */

/** Rollup grains, finest first (UTC-aligned: 1 min, 15 min, 1 h, 6 h). */
export const rollupGrains = [60_000, 900_000, 3_600_000, 21_600_000] as const;
export type RollupGrain = (typeof rollupGrains)[number];

export interface RollupRow extends ValueStats {
  at: number;
}

/** A series as reads need it: its id and the instant up to which its rollups are complete (null: all of them). */
export interface SeriesRef {
  id: number;
  rolledUntil: number | null;
}

/**
 * The series reads of a chart (charts module), on the app's database: an item's series, raw
 * values, rollups of a grain, fixed buckets, window statistics. Deferred rollups are accounted
 * for (rows past a series' watermark are computed from points).
 */
export interface SeriesReads {
  refs(companyId: number, itemId: number, fields: readonly string[]): Promise<Map<string, SeriesRef>>;
  points(seriesId: number, from: number, to: number, limit?: number): Promise<Array<[number, number]>>;
  pointsJson(seriesId: number, from: number, to: number, limit: number): { json: string; stats: ValueStats; last: [number, number] | null } | null;
  rollups(series: SeriesRef, grain: RollupGrain, from: number, to: number): Promise<RollupRow[]>;
  grouped(series: SeriesRef, grain: RollupGrain, size: number, offset: number, from: number, to: number): Promise<RollupRow[]>;
  stats(series: SeriesRef, from: number, to: number): Promise<ValueStats>;
  last(seriesId: number, from: number, to: number): Promise<[number, number] | null>;
  firstInstant(seriesIds: readonly number[]): Promise<number | null>;
  /**
   * Statistics of the series' values in [from, to) grouped by the text value of `categoryField`
   * in the same record (a chart's category axis); records without that value are left out.
   */
  categoryStats(companyId: number, seriesIds: readonly number[], categoryField: string, from: number, to: number): Promise<CategoryStatsRow[]>;
}

/** One series' values of one category (the text value of the grouping field). */
export interface CategoryStatsRow extends ValueStats {
  seriesId: number;
  category: string;
}
