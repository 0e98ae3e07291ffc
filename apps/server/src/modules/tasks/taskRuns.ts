import { taskLimits, type LastRun, type MissedRunPolicy, type RunKind, type RunState, type TaskSchedule, type TaskType } from '@smartdata/domain';
import { plan } from './taskSchedule';
import type { RunRow, TasksRepository } from './tasks.repository';

/**
 * The life of a run, the same for every task type (docs/tasks.md): a run row claimed by its insert
 * (one scheduled run per type, task and time), the work within the run timeout, its end recorded;
 * a due job's scheduled times owned by the instance that moves its `next_run_at` on.
 */

export type RunPatch = Parameters<TasksRepository['finishRun']>[1];

export interface RunClaim {
  company_id: number;
  task_id: number;
  task_type: TaskType;
  kind: RunKind;
  scheduled_for: number;
}

const empty = { window_from: null, window_to: null, value: null, error: null, record_id: null };

/** Told of each run whose end was recorded (the tasks module's `TaskRunsFinished` port). */
export type RunEnded = (row: RunRow) => void;

/** Claims a run and does `work` within the run timeout; null when another instance holds the claim. */
export async function claimAndRun(runs: TasksRepository, claim: RunClaim, now: () => number, work: () => Promise<RunPatch>, ended?: RunEnded): Promise<RunRow | null> {
  const startedAt = now();
  const runId = await runs.claimRun({ ...claim, ...empty, started_at: startedAt, ended_at: null, lease_until: startedAt + taskLimits.runTimeoutMs, state: 'running' });
  return runId === null ? null : runClaimed(runs, runId, now, work, ended);
}

/** Does the work of a run this instance holds, within the run timeout, and records its end. */
export async function runClaimed(runs: TasksRepository, runId: number, now: () => number, work: () => Promise<RunPatch>, ended?: RunEnded): Promise<RunRow | null> {
  let patch: RunPatch;
  try {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('task.timedOut')), taskLimits.runTimeoutMs).unref());
    patch = { ...(await Promise.race([work(), timeout])), ended_at: now() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    patch = { state: message === 'task.timedOut' ? 'timedOut' : 'failed', error: message.slice(0, 500), ended_at: now() };
  }
  await runs.finishRun(runId, { ...patch, lease_until: null });
  const row = (await runs.findRun(runId)) ?? null;
  if (row && ended) {
    ended(row);
  }
  return row;
}

/** A job the scheduler runs: an analysis or a scheduled task. */
export interface DueJob {
  company_id: number;
  id: number;
  schedule: string;
  next_run_at: number | null;
  missed_runs: string;
}

/**
 * One due job at `now`: its times planned (missed ones by its policy), `next_run_at` moved on by a
 * compare-and-set — only the instance that moved it goes on — the skipped times recorded, each time
 * to run handed to `run`.
 */
export async function sweepJob(
  job: DueJob,
  type: TaskType,
  deps: { runs: TasksRepository; timeZone: string; advance: (expected: number | null, next: number | null) => Promise<boolean> },
  now: number,
  run: (time: number) => Promise<unknown>,
): Promise<void> {
  const expected = job.next_run_at === null ? null : Number(job.next_run_at);
  const planned = plan(JSON.parse(job.schedule) as TaskSchedule, Number(job.next_run_at), now, deps.timeZone, job.missed_runs as MissedRunPolicy, taskLimits.missedRunsCap);
  if (!(await deps.advance(expected, planned.next))) {
    return;
  }
  for (const time of planned.skipped) {
    await deps.runs.claimRun({ company_id: job.company_id, task_id: job.id, task_type: type, kind: 'scheduled', scheduled_for: time, ...empty, started_at: null, ended_at: now, lease_until: null, state: 'skipped', error: 'task.missed' });
  }
  for (const time of planned.run) {
    await run(time);
  }
}

/** The latest run of each of these tasks of one type (`companyId` null: any company). */
export async function latestRuns(runs: TasksRepository, companyId: number | null, type: TaskType, ids: readonly number[]): Promise<Map<number, RunRow>> {
  const last = new Map<number, RunRow>();
  // In chunks: the query takes a handful of runs per id.
  for (let i = 0; i < ids.length; i += 200) {
    for (const run of await runs.lastRuns(companyId, ids.slice(i, i + 200), type)) {
      if (!last.has(run.task_id)) {
        last.set(run.task_id, run);
      }
    }
  }
  return last;
}

/** A task's last run as lists show it. */
export const lastRunOf = (run: RunRow | undefined): LastRun | null =>
  run ? { id: run.id, state: run.state as RunState, endedAt: run.ended_at === null ? null : Number(run.ended_at), error: run.error } : null;
