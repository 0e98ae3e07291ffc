import type { AlarmView } from '@smartdata/domain';

/** An alarm opened, cleared or acknowledged, after it was stored. */
export interface AlarmEvent {
  event: 'opened' | 'cleared' | 'acknowledged';
  companyId: number;
  /** The target's cabin node: who may read it may hear of the alarm (0: administrators only). */
  nodeId: number;
  alarm: AlarmView;
}

/**
 * The port by which other modules (event subscriptions, issue 33) learn of alarms: the notifier
 * calls `emit` once an opening, a clearing or an acknowledgement is stored, on the instance that
 * made it. Listeners are synchronous and only queue work; a throwing listener is logged.
 */
export class AlarmEvents {
  private readonly listeners: Array<(event: AlarmEvent) => void> = [];

  constructor(private readonly log: { error: (obj: unknown, msg?: string) => void }) {}

  subscribe(listener: (event: AlarmEvent) => void): void {
    this.listeners.push(listener);
  }

  emit(event: AlarmEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log.error({ err }, 'alarm event listener failed');
      }
    }
  }
}
