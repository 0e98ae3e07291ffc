import type { ChartAggregate } from './charts.schemas';

/** count, sum, min and max of a stretch of values: every aggregate derives from them and they merge. */
export interface ValueStats {
  count: number;
  sum: number;
  min: number;
  max: number;
}

export const emptyStats = (): ValueStats => ({ count: 0, sum: 0, min: Infinity, max: -Infinity });

export function mergeStats(into: ValueStats, add: ValueStats): ValueStats {
  into.count += add.count;
  into.sum += add.sum;
  into.min = Math.min(into.min, add.min);
  into.max = Math.max(into.max, add.max);
  return into;
}

export function statsOf(values: readonly number[]): ValueStats {
  const stats = emptyStats();
  for (const value of values) {
    mergeStats(stats, { count: 1, sum: value, min: value, max: value });
  }
  return stats;
}

/** The aggregate of a bucket; null for an empty bucket (no point is drawn). `none` reads as AVG. */
export function aggregateValue(stats: ValueStats, aggregate: ChartAggregate): number | null {
  if (stats.count === 0) {
    return null;
  }
  switch (aggregate) {
    case 'SUM':
      return stats.sum;
    case 'MAX':
      return stats.max;
    case 'MIN':
      return stats.min;
    case 'AVG':
    case 'none':
      return stats.sum / stats.count;
  }
}

/**
 * Folds time-ordered rows (each a stretch of values starting at `at`) into buckets given by
 * their sorted start instants; rows before the first edge are dropped, `to` closes the last.
 */
export function foldIntoBuckets(rows: ReadonlyArray<{ at: number } & ValueStats>, edges: readonly number[], to: number): Array<{ at: number; stats: ValueStats }> {
  const out: Array<{ at: number; stats: ValueStats }> = [];
  let e = -1;
  let current: { at: number; stats: ValueStats } | null = null;
  for (const row of rows) {
    if (row.at >= to || row.at < (edges[0] ?? Infinity)) {
      continue;
    }
    while (e + 1 < edges.length && edges[e + 1] <= row.at) {
      e += 1;
    }
    if (!current || current.at !== edges[e]) {
      current = { at: edges[e], stats: emptyStats() };
      out.push(current);
    }
    mergeStats(current.stats, row);
  }
  return out;
}
