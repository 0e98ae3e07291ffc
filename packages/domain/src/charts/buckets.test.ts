import { describe, expect, it } from 'vitest';
import { alignWindow, bucketEdges, bucketStart, nextBucket, offsetAt, offsetSegments } from './buckets';

const z = (iso: string) => Date.parse(iso);

describe('chart buckets in a time zone', () => {
  it('starts minute and hour buckets on the local wall clock (Asia/Kolkata, +05:30)', () => {
    const at = z('2026-03-10T10:52:10Z'); // 16:22:10 local
    expect(bucketStart(at, '1m', 'Asia/Kolkata')).toBe(z('2026-03-10T10:52:00Z'));
    expect(bucketStart(at, '15m', 'Asia/Kolkata')).toBe(z('2026-03-10T10:45:00Z')); // 16:15 local
    expect(bucketStart(at, 'hour', 'Asia/Kolkata')).toBe(z('2026-03-10T10:30:00Z')); // 16:00 local
    expect(bucketStart(at, 'day', 'Asia/Kolkata')).toBe(z('2026-03-09T18:30:00Z'));
  });

  it('cuts days at local midnight across the spring change (Europe/Berlin, 23-hour day)', () => {
    // 2026-03-29: 02:00 CET jumps to 03:00 CEST.
    const day = bucketStart(z('2026-03-29T12:00:00Z'), 'day', 'Europe/Berlin');
    expect(day).toBe(z('2026-03-28T23:00:00Z'));
    expect(nextBucket(day, 'day', 'Europe/Berlin')).toBe(z('2026-03-29T22:00:00Z'));
    expect(nextBucket(day, 'day', 'Europe/Berlin') - day).toBe(23 * 3_600_000);
  });

  it('keeps the repeated autumn hour as two hour buckets and makes a 25-hour day (Europe/Berlin)', () => {
    // 2026-10-25: 03:00 CEST goes back to 02:00 CET; 02:30 happens at 00:30Z and at 01:30Z.
    expect(bucketStart(z('2026-10-25T00:30:00Z'), 'hour', 'Europe/Berlin')).toBe(z('2026-10-25T00:00:00Z'));
    expect(bucketStart(z('2026-10-25T01:30:00Z'), 'hour', 'Europe/Berlin')).toBe(z('2026-10-25T01:00:00Z'));
    const day = bucketStart(z('2026-10-25T12:00:00Z'), 'day', 'Europe/Berlin');
    expect(nextBucket(day, 'day', 'Europe/Berlin') - day).toBe(25 * 3_600_000);
    expect(bucketEdges(z('2026-10-24T22:00:00Z'), z('2026-10-25T03:00:00Z'), 'hour', 'Europe/Berlin').map((e) => new Date(e).toISOString())).toEqual([
      '2026-10-24T22:00:00.000Z',
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });

  it('walks month ends of every length (28, 29, 30, 31 days) in the zone', () => {
    const edges = bucketEdges(z('2028-01-15T00:00:00Z'), z('2028-05-01T00:00:00Z'), 'month', 'Asia/Shanghai');
    expect(edges.map((e) => new Date(e).toISOString())).toEqual([
      '2027-12-31T16:00:00.000Z',
      '2028-01-31T16:00:00.000Z',
      '2028-02-29T16:00:00.000Z',
      '2028-03-31T16:00:00.000Z',
      '2028-04-30T16:00:00.000Z',
    ]);
    // January 31st 23:59 local is still January; 1 February 00:00 local is February.
    expect(bucketStart(z('2028-01-31T15:59:00Z'), 'month', 'Asia/Shanghai')).toBe(z('2027-12-31T16:00:00Z'));
    expect(bucketStart(z('2028-01-31T16:00:00Z'), 'month', 'Asia/Shanghai')).toBe(z('2028-01-31T16:00:00Z'));
    // Berlin's October has 31 days and 745 hours (the autumn change).
    const october = bucketStart(z('2026-10-10T00:00:00Z'), 'month', 'Europe/Berlin');
    expect(nextBucket(october, 'month', 'Europe/Berlin') - october).toBe((31 * 24 + 1) * 3_600_000);
  });

  it('widens a window to whole buckets, raw windows to whole minutes', () => {
    expect(alignWindow(z('2026-05-05T10:07:30Z'), z('2026-05-05T12:00:01Z'), 'hour', 'UTC')).toEqual({ from: z('2026-05-05T10:00:00Z'), to: z('2026-05-05T13:00:00Z') });
    expect(alignWindow(z('2026-05-05T10:07:30Z'), z('2026-05-05T10:09:00Z'), 'raw', 'UTC')).toEqual({ from: z('2026-05-05T10:07:00Z'), to: z('2026-05-05T10:09:00Z') });
    expect(alignWindow(z('2026-05-05T00:00:00Z'), z('2026-05-06T00:00:00Z'), 'day', 'UTC')).toEqual({ from: z('2026-05-05T00:00:00Z'), to: z('2026-05-06T00:00:00Z') });
  });

  it('splits a window where the offset changes', () => {
    expect(offsetAt(z('2026-07-01T00:00:00Z'), 'Europe/Berlin')).toBe(2 * 3_600_000);
    expect(offsetSegments(z('2026-10-20T00:00:00Z'), z('2026-10-30T00:00:00Z'), 'Europe/Berlin')).toEqual([
      { from: z('2026-10-20T00:00:00Z'), to: z('2026-10-25T01:00:00Z'), offset: 2 * 3_600_000 },
      { from: z('2026-10-25T01:00:00Z'), to: z('2026-10-30T00:00:00Z'), offset: 3_600_000 },
    ]);
    expect(offsetSegments(z('2026-01-01T00:00:00Z'), z('2026-12-31T00:00:00Z'), 'Asia/Shanghai')).toHaveLength(1);
  });
});
