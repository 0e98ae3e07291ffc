import { mergeStats } from '@smartdata/domain';
import type { SeriesRollupTable } from '@server/platform/db/schema.series';
import { rollupGrains, type RollupGrain, type RollupRow, type SeriesRef } from './series.port';

/**
 * The series store's arithmetic (docs/charts.md): rollup grains, the rows a batch of points adds
 * to the rollups, and how a window is cut into rows of each grain. No I/O: the queries are in
 * series.repository.ts, and what the charts module reads through is in series.port.ts.
 */

/** The coarsest grain: every rollup row lies inside one stretch of it, so rebuilds work in its units. */
export const COARSEST = rollupGrains[rollupGrains.length - 1];

export interface SeriesPoint {
  seriesId: number;
  ts: number;
  recordId: number;
  value: number;
}

/** A record as the store sees it: its id, its instant, its values keyed by field. */
export interface SeriesRecord {
  recordId: number;
  ts: number;
  values: Record<string, unknown>;
}

export const isValue = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Where stored rows of a grain stop being usable in [from, to): rows of buckets that start before it are complete. */
export function completeBefore(series: SeriesRef, grain: number, from: number, to: number): number {
  if (series.rolledUntil === null) {
    return to;
  }
  return Math.min(to, Math.max(from, Math.floor(series.rolledUntil / grain) * grain));
}

/** Joins rows of two reads of one window (the first before the second); a bucket cut by the seam is merged. */
export function joinRows(head: RollupRow[], tail: RollupRow[]): RollupRow[] {
  const first = tail[0];
  const last = head[head.length - 1];
  if (first && last && first.at === last.at) {
    mergeStats(last, first);
    return [...head, ...tail.slice(1)];
  }
  return [...head, ...tail];
}

/** count/sum/min/max per series, grain and bucket of a batch of points: the rows `append` upserts. */
export function rollupRowsOf(points: readonly SeriesPoint[]): SeriesRollupTable[] {
  const rollups = new Map<string, SeriesRollupTable>();
  for (const p of points) {
    for (const grain of rollupGrains) {
      const bucket = Math.floor(p.ts / grain) * grain;
      const key = `${p.seriesId}:${grain}:${bucket}`;
      const row = rollups.get(key);
      if (row) {
        row.cnt += 1;
        row.sum += p.value;
        if (p.value < row.min) {
          row.min = p.value;
        }
        if (p.value > row.max) {
          row.max = p.value;
        }
      } else {
        rollups.set(key, { series_id: p.seriesId, grain, bucket_ts: bucket, cnt: 1, sum: p.value, min: p.value, max: p.value });
      }
    }
  }
  return [...rollups.values()];
}

/** Rows of a `group by (ts + shift) / size` read, keyed back to their bucket start. */
export const bucketRow =
  (size: number, offset: number) =>
  (r: { k: number; cnt: number; sum: number; min: number; max: number }): RollupRow => ({
    at: Number(r.k) * size - offset - size * 1_000_000,
    count: Number(r.cnt),
    sum: Number(r.sum),
    min: Number(r.min),
    max: Number(r.max),
  });

/** Merges instants into [from, to) ranges aligned to the coarsest grain (what a rebuild re-reads). */
export function rebuildRanges(instants: Iterable<number>): Array<[number, number]> {
  const starts = [...new Set([...instants].map((ts) => Math.floor(ts / COARSEST) * COARSEST))].sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const start of starts) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === start) {
      last[1] = start + COARSEST;
    } else {
      ranges.push([start, start + COARSEST]);
    }
  }
  return ranges;
}

/**
 * Cuts a minute-aligned window into parts each covered by whole rollup rows of one grain: the
 * coarsest grain in the middle, finer ones at the edges (at most two parts per grain).
 */
export function windowParts(from: number, to: number, level = rollupGrains.length - 1): Array<{ grain: RollupGrain; from: number; to: number }> {
  if (from >= to || level < 0) {
    return [];
  }
  const grain = rollupGrains[level];
  const a = Math.ceil(from / grain) * grain;
  const b = Math.floor(to / grain) * grain;
  if (level === 0 || a >= b) {
    return level === 0 ? [{ grain, from: a, to: Math.max(a, b) }].filter((p) => p.to > p.from) : windowParts(from, to, level - 1);
  }
  return [...windowParts(from, a, level - 1), { grain, from: a, to: b }, ...windowParts(b, to, level - 1)];
}
