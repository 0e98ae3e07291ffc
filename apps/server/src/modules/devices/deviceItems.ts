import {
  devicesChannel,
  isLifecycleStatus,
  type BindState,
  type ConfigState,
  type DetectState,
  type DeviceItem,
  type OtaState,
  type TelemetryPayload,
} from '@smartdata/domain';
import type { Realtime } from '@server/platform/realtime';
import { notFound } from '@server/platform/errors';
import type { DevicesRepository, DeviceRow, OtaRow } from './devices.repository';

function parseList(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** A device row with its current upgrade job as the pages get it. */
export function toDeviceItem(row: DeviceRow, job: OtaRow | undefined): DeviceItem {
  return {
    id: row.id,
    nodeId: row.node_id,
    name: row.name,
    sn: row.sn,
    model: row.model,
    address: row.address,
    remarks: row.remarks,
    pictures: parseList(row.pictures),
    bindState: row.bind_state as BindState,
    bindExpiresAt: row.bind_state === 'awaiting' ? row.bind_expires_at : null,
    bindMessage: row.bind_message,
    online: row.online === 1,
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
    firmwareVersion: row.firmware_version,
    status: isLifecycleStatus(row.status) ? row.status : 0,
    ota: job
      ? { state: job.state as OtaState, percent: job.percent, targetVersion: job.to_version, message: job.message, jobId: job.id }
      : { state: 'idle', percent: 0, targetVersion: null, message: null, jobId: null },
    config: { state: row.config_state as ConfigState, version: row.config_version, message: row.config_message, reasons: parseList(row.config_reasons) },
    detect: { state: row.detect_state as DetectState, message: row.detect_message, reasons: parseList(row.detect_reasons) },
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * Devices as answers and as pushes on `devices:<companyId>`. Every push names the device's cabin
 * `nodeId`: the channel's filter delivers it only to subscribers who may read that node
 * (devices.module.ts, docs/devices.md).
 */
export class DeviceItems {
  constructor(
    private readonly repository: DevicesRepository,
    private readonly realtime: Realtime,
  ) {}

  /** Rows as items, their upgrade jobs read in one query. */
  async of(rows: readonly DeviceRow[]): Promise<DeviceItem[]> {
    const jobs = new Map((await this.repository.otaByIds(rows.flatMap((r) => (r.ota_job_id ? [r.ota_job_id] : [])))).map((j) => [j.id, j]));
    return rows.map((row) => toDeviceItem(row, row.ota_job_id ? jobs.get(row.ota_job_id) : undefined));
  }

  /** The device of the company as an item; 40400 when it is gone. */
  async item(companyId: number, id: number): Promise<DeviceItem> {
    const row = await this.repository.find(companyId, id);
    if (!row) {
      throw notFound();
    }
    return (await this.of([row]))[0];
  }

  /** Reads the device again, pushes its state to the company's pages and answers it. */
  async changed(companyId: number, id: number): Promise<DeviceItem> {
    const item = await this.item(companyId, id);
    this.realtime.publish(devicesChannel(companyId), 'deviceUpdated', item);
    return item;
  }

  otaProgress(device: DeviceRow, job: OtaRow, percent: number): void {
    this.realtime.publish(devicesChannel(device.company_id), 'otaProgress', { id: device.id, nodeId: device.node_id, jobId: job.id, percent, targetVersion: job.to_version });
  }

  telemetry(owner: { id: number; companyId: number; nodeId: number }, telemetry: TelemetryPayload): void {
    this.realtime.publish(devicesChannel(owner.companyId), 'telemetry', { id: owner.id, nodeId: owner.nodeId, ...telemetry });
  }

  removed(companyId: number, id: number, nodeId: number | undefined): void {
    this.realtime.publish(devicesChannel(companyId), 'deviceRemoved', { id, nodeId });
  }
}
