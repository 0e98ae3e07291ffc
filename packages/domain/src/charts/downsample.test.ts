import { describe, expect, it } from 'vitest';
import { lttb, minMaxDownsample, type Point } from './downsample';
import { aggregateValue, foldIntoBuckets, statsOf } from './aggregate';

function wave(n: number, spikeAt: number, dipAt: number): Point[] {
  return Array.from({ length: n }, (_, i): Point => [1_000_000 + i * 1000, i === spikeAt ? 500 : i === dipAt ? -500 : Math.sin(i / 30) * 10]);
}

describe('downsampling', () => {
  it('min/max keeps at most maxPoints, in time order, and every extreme', () => {
    for (const [n, max] of [
      [100_000, 2000],
      [5_001, 2000],
      [10_000, 37],
    ] as const) {
      const points = wave(n, 4321, 77);
      const out = minMaxDownsample(points, max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(out.length).toBeGreaterThan(max / 2 - 1);
      expect(out).toContainEqual(points[4321]);
      expect(out).toContainEqual(points[77]);
      expect(out.map((p) => p[0])).toEqual([...out.map((p) => p[0])].sort((a, b) => a - b));
    }
  });

  it('leaves series that fit untouched', () => {
    const points = wave(50, 3, 4);
    expect(minMaxDownsample(points, 2000)).toEqual(points);
    expect(lttb(points, 2000)).toEqual(points);
  });

  it('LTTB answers exactly maxPoints with the first and last point and the spike', () => {
    const points = wave(20_000, 12_345, 6);
    const out = lttb(points, 2000);
    expect(out).toHaveLength(2000);
    expect(out[0]).toEqual(points[0]);
    expect(out.at(-1)).toEqual(points.at(-1));
    expect(out).toContainEqual(points[12_345]);
  });
});

describe('aggregation', () => {
  it('answers SUM, MAX, MIN, AVG of a bucket and null for an empty one', () => {
    const stats = statsOf([4, 8, 15, 16, 23, 42]);
    expect([aggregateValue(stats, 'SUM'), aggregateValue(stats, 'MAX'), aggregateValue(stats, 'MIN'), aggregateValue(stats, 'AVG')]).toEqual([108, 42, 4, 18]);
    expect(aggregateValue(statsOf([]), 'SUM')).toBeNull();
  });

  it('folds rows into uneven buckets (months) and drops rows outside the window', () => {
    const row = (at: number, v: number) => ({ at, ...statsOf([v]) });
    const buckets = foldIntoBuckets([row(5, 1), row(10, 2), row(15, 3), row(31, 4), row(60, 5), row(99, 6)], [10, 31, 59], 90);
    expect(buckets.map((b) => [b.at, b.stats.sum, b.stats.count])).toEqual([
      [10, 5, 2],
      [31, 4, 1],
      [59, 5, 1],
    ]);
  });
});
