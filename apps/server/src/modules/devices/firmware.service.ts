import { randomBytes } from 'node:crypto';
import type { AddFirmwareRequest, DeviceEvent, DeviceItem, FirmwareItem, OtaState, Page, PageQuery } from '@smartdata/domain';
import { conflict, notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DeviceBus } from './deviceBus';
import type { DeviceItems } from './deviceItems';
import type { DevicesRepository, DeviceRow, FirmwareRow } from './devices.repository';
import { toLinkedDevice, type DeviceObjects, type DevicesService, type DeviceTimeouts } from './devices.service';

/** One upgrade of a device's history. */
export interface OtaHistoryItem {
  id: number;
  firmwareId: number;
  fromVersion: string | null;
  toVersion: string;
  state: OtaState;
  percent: number;
  message: string | null;
  startedAt: number;
  finishedAt: number | null;
}

function toFirmwareItem(row: FirmwareRow): FirmwareItem {
  return {
    id: row.id,
    model: row.model,
    version: row.version,
    objectKey: row.object_key,
    fileName: row.file_name,
    size: Number(row.size),
    sha256: row.sha256,
    remarks: row.remarks,
    createdAt: Number(row.created_at),
  };
}

/**
 * Firmware packages and upgrades (OTA, docs/devices.md): a package is a file uploaded to the
 * object store with the SHA-256 the device checks; an upgrade succeeds only when the device comes
 * back online with the new version, and fails on the device's own report, on a reconnect with any
 * other version, or when its deadline passes.
 */
export class FirmwareService {
  constructor(
    private readonly repository: DevicesRepository,
    private readonly devices: DevicesService,
    private readonly objects: DeviceObjects,
    private readonly items: DeviceItems,
    private readonly bus: DeviceBus,
    private readonly timeouts: DeviceTimeouts,
  ) {}

  /** Registers an uploaded package; one per model and version. */
  async addFirmware(caller: CabinCaller, request: AddFirmwareRequest): Promise<FirmwareItem> {
    const object = await this.objects.objectInCompany(caller.companyId, request.objectKey);
    if (!object) {
      throw validationError('firmware.objectMissing');
    }
    await this.objects.downloadUrl(caller, request.objectKey).catch(() => {
      throw validationError('firmware.objectMissing');
    });
    if (await this.repository.firmwareVersionTaken(caller.companyId, request.model, request.version)) {
      throw conflict('firmware.versionTaken');
    }
    const id = await this.repository.insertFirmware({
      company_id: caller.companyId,
      model: request.model,
      version: request.version,
      object_key: request.objectKey,
      file_name: object.fileName,
      size: object.size,
      sha256: request.sha256,
      remarks: request.remarks ?? '',
      created_by: caller.userId,
    });
    return toFirmwareItem((await this.repository.findFirmware(caller.companyId, id))!);
  }

  /** Packages of the company, newest first, optionally of one model. */
  async listFirmware(caller: CabinCaller, query: PageQuery & { model?: string }): Promise<Page<FirmwareItem>> {
    const { rows, total } = await this.repository.listFirmware(caller.companyId, { model: query.model }, query);
    return { list: rows.map(toFirmwareItem), total };
  }

  /** Deletes a package, unless a device is installing it (40900). */
  async deleteFirmware(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.repository.findFirmware(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    if (await this.repository.firmwareInUse(caller.companyId, id)) {
      throw conflict('firmware.inUse');
    }
    await this.repository.deleteFirmware(caller.companyId, id);
  }

  /** Pushes a firmware package; progress, success and failure come from the device. */
  async upgrade(caller: CabinCaller, deviceId: number, firmwareId: number): Promise<DeviceItem> {
    const row = await this.devices.requireRow(caller, deviceId, 'readWrite');
    const firmware = await this.repository.findFirmware(caller.companyId, firmwareId);
    if (!firmware) {
      throw notFound();
    }
    this.devices.requireReady(toLinkedDevice(row), 'device.ota.offline');
    const current = row.ota_job_id ? await this.repository.findOta(row.ota_job_id) : undefined;
    if (current?.state === 'progress') {
      throw conflict('device.ota.busy');
    }
    if (firmware.model !== row.model) {
      throw conflict('firmware.modelMismatch');
    }
    const { url } = await this.objects.downloadUrl(caller, firmware.object_key);
    const now = Date.now();
    const cmdId = randomBytes(8).toString('hex');
    const jobId = await this.repository.insertOta({
      company_id: caller.companyId,
      device_id: row.id,
      firmware_id: firmware.id,
      cmd_id: cmdId,
      from_version: row.firmware_version,
      to_version: firmware.version,
      state: 'progress',
      deadline: now + this.timeouts.otaMs,
      created_by: caller.userId,
      started_at: now,
    });
    await this.repository.update(caller.companyId, row.id, { ota_job_id: jobId });
    await this.bus.send(row.sn, { type: 'ota', cmdId, version: firmware.version, url, sha256: firmware.sha256, size: firmware.size });
    return this.items.changed(caller.companyId, row.id);
  }

  /** The last 50 upgrades of a device. */
  async otaHistory(caller: CabinCaller, deviceId: number): Promise<OtaHistoryItem[]> {
    const row = await this.devices.requireRow(caller, deviceId, 'read');
    return (await this.repository.otaHistory(caller.companyId, row.id)).map((job) => ({
      id: job.id,
      firmwareId: job.firmware_id,
      fromVersion: job.from_version,
      toVersion: job.to_version,
      state: job.state as OtaState,
      percent: job.percent,
      message: job.message,
      startedAt: job.started_at,
      finishedAt: job.finished_at,
    }));
  }

  /**
   * A reconnect during an upgrade decides it: the new version is success; the old one means the
   * device restarted before the new firmware took over (`device.ota.rebooted`, not updated).
   */
  async reconnected(device: DeviceRow, firmware: string | undefined, now: number): Promise<void> {
    const job = device.ota_job_id ? await this.repository.findOta(device.ota_job_id) : undefined;
    if (job?.state === 'progress' && firmware) {
      if (firmware === job.to_version) {
        await this.repository.updateOta(job.id, { state: 'success', percent: 100, message: null, finished_at: now });
      } else {
        await this.repository.updateOta(job.id, { state: 'failed', message: 'device.ota.rebooted', finished_at: now });
      }
    }
  }

  /** Progress (pushed as `otaProgress`) and the device's own outcome of the running upgrade. */
  async otaEvent(device: DeviceRow, event: Extract<DeviceEvent, { type: 'otaProgress' | 'otaResult' }>, now: number): Promise<void> {
    const job = device.ota_job_id ? await this.repository.findOta(device.ota_job_id) : undefined;
    if (!job || job.cmd_id !== event.cmdId || job.state !== 'progress') {
      return;
    }
    if (event.type === 'otaProgress') {
      const percent = Math.max(job.percent, Math.round(event.percent));
      await this.repository.updateOta(job.id, { percent });
      this.items.otaProgress(device, job, percent);
      return;
    }
    if (event.ok) {
      // Flashed: success is the reconnect with the new version.
      await this.repository.updateOta(job.id, { percent: 100 });
    } else {
      await this.repository.updateOta(job.id, { state: 'failed', message: 'device.ota.failed', finished_at: now });
    }
    await this.items.changed(device.company_id, device.id);
  }

  /** Upgrades past their deadline fail (`device.ota.timeout`). */
  async sweep(now: number): Promise<void> {
    for (const job of await this.repository.expiredOta(now)) {
      if (await this.repository.updateOta(job.id, { state: 'failed', message: 'device.ota.timeout', finished_at: now })) {
        await this.items.changed(job.company_id, job.device_id);
      }
    }
  }
}
