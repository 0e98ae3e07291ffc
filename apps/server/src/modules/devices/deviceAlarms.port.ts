import type { DeviceAlarmEvent } from '@smartdata/domain';

/** A device went online or offline (the broker saw it connect, or its connection end). */
export interface DeviceOnlineChange {
  companyId: number;
  deviceId: number;
  online: boolean;
  at: number;
}

/** An alarm a device reported of its own (an `alarm` event on `sd/{sn}/up/event`), once its row was found. */
export interface DeviceAlarmReport {
  companyId: number;
  deviceId: number;
  /** The device's cabin node: who may read it sees the alarm. */
  nodeId: number;
  event: DeviceAlarmEvent;
  /** When the platform received it. */
  at: number;
}

/** A device as an alarm target: its cabin node (who may read it sees its alarms) and its name. */
export interface DeviceTarget {
  id: number;
  nodeId: number;
  name: string;
  online: boolean;
}

/**
 * The port by which the alarms module watches devices (issue 15, "a device's online state" as a
 * rule target): online changes after they are stored, the alarms devices report of their own
 * (issue 31.17, source 1), and devices described by id. Listeners only queue work; a throwing
 * listener is logged, not propagated.
 */
export class DeviceOnlineChanges {
  private readonly listeners: Array<(change: DeviceOnlineChange) => void> = [];
  private readonly reportListeners: Array<(report: DeviceAlarmReport) => void> = [];

  constructor(private readonly log: { error: (obj: unknown, msg?: string) => void }) {}

  subscribe(listener: (change: DeviceOnlineChange) => void): void {
    this.listeners.push(listener);
  }

  emit(change: DeviceOnlineChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.log.error({ err }, 'device online listener failed');
      }
    }
  }

  subscribeReports(listener: (report: DeviceAlarmReport) => void): void {
    this.reportListeners.push(listener);
  }

  report(report: DeviceAlarmReport): void {
    for (const listener of this.reportListeners) {
      try {
        listener(report);
      } catch (err) {
        this.log.error({ err }, 'device alarm listener failed');
      }
    }
  }
}
