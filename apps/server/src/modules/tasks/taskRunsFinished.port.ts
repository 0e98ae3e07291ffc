import type { RunView } from '@smartdata/domain';

/** A run of an intelligent task that ended (succeeded, failed, timed out or skipped once it ran). */
export interface TaskRunFinished {
  companyId: number;
  run: RunView;
}

/**
 * The port by which other modules (event subscriptions, issue 33) learn of finished task runs:
 * the tasks module calls `emit` after a run's end is stored, on the instance that ran it.
 * Listeners are synchronous and only queue work; a throwing listener is logged.
 */
export class TaskRunsFinished {
  private readonly listeners: Array<(event: TaskRunFinished) => void> = [];

  constructor(private readonly log: { error: (obj: unknown, msg?: string) => void }) {}

  get hasListeners(): boolean {
    return this.listeners.length > 0;
  }

  subscribe(listener: (event: TaskRunFinished) => void): void {
    this.listeners.push(listener);
  }

  emit(event: TaskRunFinished): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log.error({ err }, 'task run listener failed');
      }
    }
  }
}
