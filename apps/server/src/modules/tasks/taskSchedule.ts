import { Cron } from 'croner';
import type { MissedRunPolicy, TaskSchedule } from '@smartdata/domain';

/** Runs later than this after their scheduled time count as missed (the server was down), not as due. */
export const graceMs = 60_000;

/** A cron expression the scheduler can use, or null (5 to 7 fields; croner's syntax). */
export function cronOf(expression: string, timeZone: string): Cron | null {
  try {
    return new Cron(expression, { timezone: timeZone, paused: true });
  } catch {
    return null;
  }
}

/**
 * The first scheduled time strictly after `after`, or null (a one-off run that is past, or a cron
 * with no further time). Local times that do not exist (a spring-forward gap) run once, at the end
 * of the gap; repeated ones (autumn) run once — croner's behaviour, tested in taskSchedule.test.ts.
 */
export function nextRunAfter(schedule: TaskSchedule, after: number, timeZone: string): number | null {
  if ('once' in schedule) {
    const at = Date.parse(schedule.once);
    return at > after ? at : null;
  }
  const next = cronOf(schedule.cron, timeZone)?.nextRun(new Date(after));
  return next ? next.getTime() : null;
}

/**
 * Which scheduled times to run now, from the first one not yet run (`due`) up to `now`: a time
 * within the grace period is simply due; older ones were missed, and the task's policy says what to
 * do with them — skip them, run the latest once (default), or run each up to `cap`.
 */
export function plan(schedule: TaskSchedule, due: number, now: number, timeZone: string, policy: MissedRunPolicy, cap: number): { run: number[]; skipped: number[]; next: number | null } {
  const times: number[] = [];
  for (let t: number | null = due; t !== null && t <= now && times.length <= cap * 10; t = nextRunAfter(schedule, t, timeZone)) {
    times.push(t);
  }
  const current = times.filter((t) => now - t <= graceMs);
  const missed = times.filter((t) => now - t > graceMs);
  let run: number[];
  if (policy === 'all') {
    run = [...missed.slice(-cap), ...current];
  } else if (policy === 'once') {
    run = current.length > 0 ? current : missed.slice(-1);
  } else {
    run = current;
  }
  const skipped = times.filter((t) => !run.includes(t));
  return { run, skipped, next: nextRunAfter(schedule, Math.max(now, times.at(-1) ?? now), timeZone) };
}
