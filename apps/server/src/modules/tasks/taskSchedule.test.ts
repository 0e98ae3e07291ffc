import { describe, expect, it } from 'vitest';
import { cronOf, nextRunAfter, plan } from './taskSchedule';

const sh = 'Asia/Shanghai';
const at = (text: string) => Date.parse(text);
const daily = { cron: '0 30 1 * * *' }; // 01:30 every day

describe('task schedules', () => {
  it('computes the next run of a cron in the company zone, and of a one-off run', () => {
    expect(nextRunAfter(daily, at('2026-11-25T00:00:00+08:00'), sh)).toBe(at('2026-11-25T01:30:00+08:00'));
    expect(nextRunAfter(daily, at('2026-11-25T01:30:00+08:00'), sh)).toBe(at('2026-11-26T01:30:00+08:00'));
    expect(nextRunAfter({ once: '2026-12-01T08:00:00+08:00' }, at('2026-11-25T00:00:00+08:00'), sh)).toBe(at('2026-12-01T08:00:00+08:00'));
    expect(nextRunAfter({ once: '2026-12-01T08:00:00+08:00' }, at('2026-12-02T00:00:00+08:00'), sh)).toBeNull();
    expect(cronOf('not a cron', sh)).toBeNull();
  });

  it('daylight saving (Berlin): a time in the spring gap runs once at the end of the gap; the repeated autumn hour once', () => {
    const berlin = 'Europe/Berlin';
    const gap = nextRunAfter({ cron: '0 30 2 * * *' }, at('2026-03-29T00:00:00+01:00'), berlin)!;
    expect(gap).toBe(at('2026-03-29T03:00:00+02:00'));
    expect(nextRunAfter({ cron: '0 30 2 * * *' }, gap, berlin)).toBe(at('2026-03-30T02:30:00+02:00'));
    const first = nextRunAfter({ cron: '0 30 2 * * *' }, at('2026-10-25T00:00:00+02:00'), berlin)!;
    const second = nextRunAfter({ cron: '0 30 2 * * *' }, first, berlin)!;
    expect(second - first).toBeGreaterThanOrEqual(23 * 3_600_000);
  });

  it('missed runs: skip, run once (the latest), or run each up to the cap; a due time within the grace period just runs', () => {
    const due = at('2026-11-20T01:30:00+08:00');
    const now = at('2026-11-25T09:00:00+08:00'); // down for five days
    const once = plan(daily, due, now, sh, 'once', 100);
    expect(once.run).toEqual([at('2026-11-25T01:30:00+08:00')]);
    expect(once.skipped).toHaveLength(5);
    expect(once.next).toBe(at('2026-11-26T01:30:00+08:00'));
    expect(plan(daily, due, now, sh, 'skip', 100).run).toEqual([]);
    expect(plan(daily, due, now, sh, 'all', 100).run).toHaveLength(6);
    expect(plan(daily, due, now, sh, 'all', 2).run).toEqual([at('2026-11-24T01:30:00+08:00'), at('2026-11-25T01:30:00+08:00')]);
    const onTime = plan(daily, at('2026-11-25T01:30:00+08:00'), at('2026-11-25T01:30:02+08:00'), sh, 'skip', 100);
    expect(onTime.run).toEqual([at('2026-11-25T01:30:00+08:00')]);
  });
});
