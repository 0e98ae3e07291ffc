import type { TelemetryPayload } from '@smartdata/domain';

/** Which device an SN is, as the telemetry path needs it. */
export interface TelemetryOwner {
  id: number;
  companyId: number;
  nodeId: number;
}

/**
 * The newest telemetry of each device, in memory: the device page shows it and storing values is
 * the telemetry module's ingest (docs/devices.md). Telemetry is the hot path, so the device of an
 * SN is looked up once and kept here until the device is deleted.
 */
export class LastTelemetry {
  private readonly values = new Map<number, TelemetryPayload>();
  private readonly owners = new Map<string, TelemetryOwner>();

  ownerOf(sn: string): TelemetryOwner | undefined {
    return this.owners.get(sn);
  }

  keep(sn: string, owner: TelemetryOwner, telemetry: TelemetryPayload): void {
    this.owners.set(sn, owner);
    this.values.set(owner.id, telemetry);
  }

  of(deviceId: number): TelemetryPayload | null {
    return this.values.get(deviceId) ?? null;
  }

  /** A deleted device: its SN may be registered again, as another device. */
  forget(sn: string, deviceId: number): void {
    this.owners.delete(sn);
    this.values.delete(deviceId);
  }
}
