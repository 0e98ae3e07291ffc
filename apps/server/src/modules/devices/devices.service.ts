import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  bindConfirmTimeoutMs,
  deviceEvent,
  devicesChannel,
  imageContentTypes,
  isLifecycleStatus,
  lifecycleProblem,
  limits,
  parseTelemetry,
  type AddDeviceRequest,
  type AddDeviceResult,
  type AddFirmwareRequest,
  type BindState,
  type ConfigState,
  type DetectState,
  type DeviceCommand,
  type DeviceEvent,
  type DeviceItem,
  type DeviceListQuery,
  type FirmwareItem,
  type LifecycleStatus,
  type OnlinePayload,
  type OtaState,
  type Page,
  type PageQuery,
  type TelemetryPayload,
  type UpdateDeviceRequest,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { Realtime } from '@server/platform/realtime';
import { conflict, notFound, validationError } from '@server/platform/errors';
import type { CabinCaller, CabinService, NodeKindHandler } from '../cabin/cabin.service';
import type { StorageService } from '../storage/storage.service';
import { DevicesRepository, type DeviceRow, type DevicePatch, type FirmwareRow, type OtaRow } from './devices.repository';
import type { DeviceBus } from './deviceBus';

export interface DeviceTimeouts {
  /** Waiting for the one-key confirmation on the device. */
  bindMs: number;
  /** A firmware upgrade from the command to the reconnect with the new version (real hardware: 2–3 minutes). */
  otaMs: number;
  /** A config push or detection waiting for the device's answer. */
  commandMs: number;
}

export const defaultTimeouts: DeviceTimeouts = { bindMs: bindConfirmTimeoutMs, otaMs: 10 * 60 * 1000, commandMs: 60 * 1000 };

/** The state part of a device. */
export type DeviceState = Pick<DeviceItem, 'id' | 'nodeId' | 'online' | 'lastSeenAt' | 'firmwareVersion' | 'status' | 'bindState' | 'bindExpiresAt' | 'bindMessage' | 'ota' | 'config' | 'detect' | 'updatedAt'>;

export type DeviceEventListener = (device: DeviceRow, event: DeviceEvent) => Promise<void>;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

function newSecret(): string {
  return randomBytes(16).toString('hex');
}

function newCmdId(): string {
  return randomBytes(8).toString('hex');
}

function parseList(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The device registry (docs/devices.md): devices are cabin nodes of kind `device`; the secret is
 * kept as a SHA-256 hash (it is 128 random bits, so a slow hash adds nothing, and 5 000 devices
 * reconnecting at once must not cost seconds of CPU). Binding, firmware upgrades and the
 * device's online state are driven by what the device publishes (DeviceBus).
 */
export class DevicesService {
  readonly repository: DevicesRepository;
  private readonly listeners: DeviceEventListener[] = [];
  private readonly lastTelemetry = new Map<number, TelemetryPayload>();
  /** SN → device, for telemetry. */
  private readonly owners = new Map<string, { id: number; companyId: number; nodeId: number }>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly cabin: CabinService,
    private readonly storage: StorageService,
    private readonly realtime: Realtime,
    readonly bus: DeviceBus,
    private readonly log: FastifyBaseLogger,
    readonly timeouts: DeviceTimeouts = { ...defaultTimeouts },
  ) {
    this.repository = new DevicesRepository(db);
  }

  /** Starts listening to the broker and the deadline sweep. */
  async start(sweepMs = 1000): Promise<void> {
    // A fresh broker has no connections: whatever the database says, nobody is online.
    await this.repository.markAllOffline();
    this.bus.start({
      authenticate: (sn, secret) => this.authenticate(sn, secret),
      online: (sn, payload) => this.onOnline(sn, payload),
      offline: (sn) => this.onOffline(sn),
      event: (sn, payload) => this.onEvent(sn, payload),
      telemetry: (sn, payload) => this.onTelemetry(sn, payload),
    });
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) => this.log.error({ err: error }, 'device deadline sweep failed'));
    }, sweepMs);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  /** The gateways module hears config and detection answers here. */
  addEventListener(listener: DeviceEventListener): void {
    this.listeners.push(listener);
  }

  // ---- registry ----

  /** The device when the caller holds `level` on its cabin node; 40400 for another company's id. */
  async requireDevice(caller: CabinCaller, id: number, level: 'read' | 'readWrite' | 'admin'): Promise<DeviceRow> {
    const row = await this.repository.find(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    await this.cabin.requireLevel(caller, row.node_id, level);
    return row;
  }

  async add(caller: CabinCaller, request: AddDeviceRequest): Promise<AddDeviceResult> {
    if (await this.repository.snTaken(request.sn)) {
      throw conflict('device.snTaken');
    }
    const secret = newSecret();
    const { nodeId, refId } = await this.cabin.createNode(caller, { kind: 'device', parentId: request.parentId ?? null, name: request.name }, (trx, nodeId) =>
      DevicesRepository.in(trx).insert({
        companyId: caller.companyId,
        nodeId,
        name: request.name,
        sn: request.sn,
        model: request.model,
        address: request.address ?? '',
        remarks: request.remarks ?? '',
        secretHash: hashSecret(secret),
        userId: caller.userId,
      }),
    );
    return { id: refId, nodeId, sn: request.sn, secret };
  }

  async list(caller: CabinCaller, query: DeviceListQuery): Promise<Page<DeviceItem>> {
    const [rows, levels] = await Promise.all([this.repository.list(caller.companyId, query), this.cabin.levelMap(caller)]);
    const visible = rows.filter((row) => levels.levelOf(row.node_id) !== 'none');
    const page = visible.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize);
    return { list: await this.toItems(page), total: visible.length };
  }

  async get(caller: CabinCaller, id: number): Promise<DeviceItem & { lastTelemetry: TelemetryPayload | null }> {
    const row = await this.requireDevice(caller, id, 'read');
    const [item] = await this.toItems([row]);
    const pictureUrls = await Promise.all(item!.pictures.map(async (key) => (await this.storage.downloadUrl(caller, key).catch(() => ({ url: '' }))).url));
    return { ...item!, pictureUrls, lastTelemetry: this.lastTelemetry.get(row.id) ?? null };
  }

  async update(caller: CabinCaller, request: UpdateDeviceRequest): Promise<DeviceItem> {
    const row = await this.requireDevice(caller, request.id, 'readWrite');
    if (request.pictures) {
      await this.checkPictures(caller, request.pictures);
    }
    if (request.name !== undefined && request.name !== row.name) {
      await this.cabin.rename(caller, row.node_id, request.name);
    }
    await this.repository.update(caller.companyId, row.id, {
      ...(request.model !== undefined ? { model: request.model } : {}),
      ...(request.address !== undefined ? { address: request.address } : {}),
      ...(request.remarks !== undefined ? { remarks: request.remarks } : {}),
      ...(request.pictures !== undefined ? { pictures: JSON.stringify([...new Set(request.pictures)]) } : {}),
    });
    // Open lists and detail pages of others show the new name and details at once.
    return this.changed(caller.companyId, row.id);
  }

  /** Pictures (spec §5): JPG or PNG of at most 3 MB, uploaded in the company. */
  private async checkPictures(caller: CabinCaller, keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const object = await this.storage.repository.findInCompany(caller.companyId, key);
      if (!object) {
        throw validationError('device.picture.missing');
      }
      if (!(imageContentTypes as readonly string[]).includes(object.content_type)) {
        throw validationError('device.picture.format');
      }
      if (object.size > limits.imageMaxBytes) {
        throw validationError('device.picture.tooLarge');
      }
      // Present in the store (an S3 upload is noticed here); 40400 when it never arrived.
      await this.storage.downloadUrl(caller, key).catch(() => {
        throw validationError('device.picture.missing');
      });
    }
  }

  async remove(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.requireDevice(caller, id, 'admin');
    await this.cabin.delete(caller, row.node_id);
  }

  /** A new secret (shown once); the device's connections are closed. */
  async rotateSecret(caller: CabinCaller, id: number): Promise<AddDeviceResult> {
    const row = await this.requireDevice(caller, id, 'admin');
    const secret = newSecret();
    await this.repository.update(caller.companyId, row.id, { secret_hash: hashSecret(secret) });
    this.bus.disconnect(row.sn);
    return { id: row.id, nodeId: row.node_id, sn: row.sn, secret };
  }

  /** A lifecycle move (spec §3); an illegal one is 40900 with its reason. */
  async setStatus(caller: CabinCaller, id: number, status: LifecycleStatus): Promise<DeviceItem> {
    const row = await this.requireDevice(caller, id, 'readWrite');
    const from = isLifecycleStatus(row.status) ? row.status : 0;
    const problem = lifecycleProblem(from, status);
    if (!problem && (status === 4 || from === 4) && status !== 9) {
      // Bound and unbound only through binding, which needs the device's confirmation.
      throw conflict('device.lifecycle.useBinding');
    }
    if (problem) {
      throw conflict(problem);
    }
    await this.repository.update(caller.companyId, row.id, status === 9 ? { status, bind_state: 'unbound', bind_cmd_id: null, bind_code: null, bind_expires_at: null } : { status });
    if (status === 9) {
      this.bus.disconnect(row.sn);
    }
    return this.changed(caller.companyId, row.id);
  }

  // ---- binding ----

  /** Starts binding: the device shows the request and the user confirms on the device. */
  async bind(caller: CabinCaller, id: number): Promise<DeviceItem & { code: string }> {
    const row = await this.requireDevice(caller, id, 'readWrite');
    if (row.bind_state === 'bound') {
      throw conflict('device.bind.alreadyBound');
    }
    const problem = lifecycleProblem(row.status as LifecycleStatus, 4);
    if (problem) {
      throw conflict(problem);
    }
    if (row.online !== 1) {
      throw conflict('device.bind.offline');
    }
    const cmdId = newCmdId();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.repository.update(caller.companyId, row.id, { bind_state: 'awaiting', bind_cmd_id: cmdId, bind_code: code, bind_expires_at: Date.now() + this.timeouts.bindMs, bind_message: 'device.bind.awaiting' });
    const companyName = await this.repository.companyName(caller.companyId);
    await this.bus.send(row.sn, { type: 'bind', cmdId, companyName, code });
    return { ...(await this.changed(caller.companyId, row.id)), code };
  }

  async unbind(caller: CabinCaller, id: number): Promise<DeviceItem> {
    const row = await this.requireDevice(caller, id, 'readWrite');
    if (row.bind_state !== 'bound') {
      throw conflict('device.bind.notBound');
    }
    await this.repository.update(caller.companyId, row.id, { bind_state: 'unbound', bind_cmd_id: null, bind_code: null, bind_expires_at: null, bind_message: null, status: 3 });
    if (row.online === 1) {
      await this.bus.send(row.sn, { type: 'unbind', cmdId: newCmdId() }).catch(() => undefined);
    }
    return this.changed(caller.companyId, row.id);
  }

  /** Commands that change the device need it bound and online (spec §8 texts). */
  requireReady(row: DeviceRow, offlineKey: string): void {
    if (row.bind_state !== 'bound') {
      throw conflict('device.bind.notBound');
    }
    if (row.online !== 1 || !this.bus.isConnected(row.sn)) {
      throw conflict(offlineKey);
    }
  }


  // ---- firmware ----

  async addFirmware(caller: CabinCaller, request: AddFirmwareRequest): Promise<FirmwareItem> {
    const object = await this.storage.repository.findInCompany(caller.companyId, request.objectKey);
    if (!object) {
      throw validationError('firmware.objectMissing');
    }
    await this.storage.downloadUrl(caller, request.objectKey).catch(() => {
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
      file_name: object.file_name,
      size: object.size,
      sha256: request.sha256,
      remarks: request.remarks ?? '',
      created_by: caller.userId,
    });
    return toFirmwareItem((await this.repository.findFirmware(caller.companyId, id))!);
  }

  async listFirmware(caller: CabinCaller, query: PageQuery & { model?: string }): Promise<Page<FirmwareItem>> {
    const { rows, total } = await this.repository.listFirmware(caller.companyId, { model: query.model }, query);
    return { list: rows.map(toFirmwareItem), total };
  }

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
    const row = await this.requireDevice(caller, deviceId, 'readWrite');
    const firmware = await this.repository.findFirmware(caller.companyId, firmwareId);
    if (!firmware) {
      throw notFound();
    }
    this.requireReady(row, 'device.ota.offline');
    const current = row.ota_job_id ? await this.repository.findOta(row.ota_job_id) : undefined;
    if (current?.state === 'progress') {
      throw conflict('device.ota.busy');
    }
    if (firmware.model !== row.model) {
      throw conflict('firmware.modelMismatch');
    }
    const { url } = await this.storage.downloadUrl(caller, firmware.object_key);
    const now = Date.now();
    const cmdId = newCmdId();
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
    return this.changed(caller.companyId, row.id);
  }

  async otaHistory(caller: CabinCaller, deviceId: number) {
    const row = await this.requireDevice(caller, deviceId, 'read');
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

  // ---- the device side ----

  private async authenticate(sn: string, secret: string): Promise<boolean> {
    const row = await this.repository.findBySn(sn);
    if (!row || row.status === 9) {
      return false;
    }
    const given = Buffer.from(hashSecret(secret), 'hex');
    const stored = Buffer.from(row.secret_hash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored);
  }

  private async onOnline(sn: string, payload: OnlinePayload): Promise<void> {
    const row = await this.repository.findBySn(sn);
    if (!row) {
      return;
    }
    const now = Date.now();
    const patch: DevicePatch = { online: 1, last_seen_at: now };
    if (payload.firmware) {
      patch.firmware_version = payload.firmware;
    }
    await this.repository.update(row.company_id, row.id, patch);
    // A reconnect during an upgrade decides it: the new version is success; the old one means
    // the device restarted before the new firmware took over.
    const job = row.ota_job_id ? await this.repository.findOta(row.ota_job_id) : undefined;
    if (job?.state === 'progress' && payload.firmware) {
      if (payload.firmware === job.to_version) {
        await this.repository.updateOta(job.id, { state: 'success', percent: 100, message: null, finished_at: now });
      } else {
        await this.repository.updateOta(job.id, { state: 'failed', message: 'device.ota.rebooted', finished_at: now });
      }
    }
    await this.changed(row.company_id, row.id);
  }

  private async onOffline(sn: string): Promise<void> {
    const row = await this.repository.findBySn(sn);
    if (!row || row.online === 0) {
      return;
    }
    await this.repository.update(row.company_id, row.id, { online: 0, last_seen_at: Date.now() });
    await this.changed(row.company_id, row.id);
  }

  private async onEvent(sn: string, payload: unknown): Promise<void> {
    const parsed = deviceEvent.safeParse(payload);
    const row = parsed.success ? await this.repository.findBySn(sn) : undefined;
    if (!parsed.success || !row) {
      return;
    }
    const event = parsed.data;
    const now = Date.now();
    switch (event.type) {
      case 'bindConfirm':
        if (row.bind_state === 'awaiting' && row.bind_code === event.code && (row.bind_expires_at ?? 0) >= now) {
          const done = await this.repository.updateIf(row.id, 'bind_cmd_id', event.cmdId, { bind_state: 'bound', bind_cmd_id: null, bind_code: null, bind_expires_at: null, bind_message: 'device.bind.success', status: 4 });
          if (done) {
            await this.changed(row.company_id, row.id);
          }
        }
        return;
      case 'bindReject':
        if (row.bind_state === 'awaiting' && (await this.repository.updateIf(row.id, 'bind_cmd_id', event.cmdId, { bind_state: 'unbound', bind_cmd_id: null, bind_code: null, bind_expires_at: null, bind_message: 'device.bind.rejected' }))) {
          await this.changed(row.company_id, row.id);
        }
        return;
      case 'otaProgress':
      case 'otaResult': {
        const job = row.ota_job_id ? await this.repository.findOta(row.ota_job_id) : undefined;
        if (!job || job.cmd_id !== event.cmdId || job.state !== 'progress') {
          return;
        }
        if (event.type === 'otaProgress') {
          const percent = Math.max(job.percent, Math.round(event.percent));
          await this.repository.updateOta(job.id, { percent });
          this.realtime.publish(devicesChannel(row.company_id), 'otaProgress', { id: row.id, nodeId: row.node_id, jobId: job.id, percent, targetVersion: job.to_version });
          return;
        }
        if (event.ok) {
          // Flashed: success is the reconnect with the new version.
          await this.repository.updateOta(job.id, { percent: 100 });
        } else {
          await this.repository.updateOta(job.id, { state: 'failed', message: 'device.ota.failed', finished_at: now });
        }
        await this.changed(row.company_id, row.id);
        return;
      }
      default:
        for (const listener of this.listeners) {
          await listener(row, event);
        }
    }
  }

  private async onTelemetry(sn: string, payload: unknown): Promise<void> {
    const telemetry = parseTelemetry(payload);
    if (!telemetry) {
      return;
    }
    // Telemetry is the hot path: the SN's device is looked up once, then kept (forgotten on delete).
    let owner = this.owners.get(sn);
    if (!owner) {
      const row = await this.repository.findBySn(sn);
      if (!row) {
        return;
      }
      owner = { id: row.id, companyId: row.company_id, nodeId: row.node_id };
      this.owners.set(sn, owner);
    }
    // Storing values in the bound IoT data list is the ingest task (docs/devices.md); until then
    // the last values are kept in memory and pushed to open pages.
    this.lastTelemetry.set(owner.id, telemetry);
    this.realtime.publish(devicesChannel(owner.companyId), 'telemetry', { id: owner.id, nodeId: owner.nodeId, ...telemetry });
  }

  /** Deadlines: binding not confirmed, upgrades, config pushes and detections without an answer. */
  async sweep(now = Date.now()): Promise<void> {
    for (const row of await this.repository.expiredWaits(now)) {
      if (row.bind_state === 'awaiting' && (row.bind_expires_at ?? 0) < now && row.bind_cmd_id) {
        await this.repository.updateIf(row.id, 'bind_cmd_id', row.bind_cmd_id, { bind_state: 'unbound', bind_cmd_id: null, bind_code: null, bind_expires_at: null, bind_message: 'device.bind.timeout' });
      }
      if (row.config_state === 'updating' && (row.config_deadline ?? 0) < now && row.config_cmd_id) {
        await this.repository.updateIf(row.id, 'config_cmd_id', row.config_cmd_id, { config_state: 'failed', config_cmd_id: null, config_message: 'device.config.timeout', config_deadline: null });
        await this.repository.failUpdatingVersions(row.company_id, row.id);
      }
      if (row.detect_state === 'detecting' && (row.detect_deadline ?? 0) < now && row.detect_cmd_id) {
        await this.repository.updateIf(row.id, 'detect_cmd_id', row.detect_cmd_id, { detect_state: 'failed', detect_cmd_id: null, detect_message: 'device.config.timeout', detect_deadline: null, detect_flow: null });
      }
      await this.changed(row.company_id, row.id);
    }
    for (const job of await this.repository.expiredOta(now)) {
      if (await this.repository.updateOta(job.id, { state: 'failed', message: 'device.ota.timeout', finished_at: now })) {
        await this.changed(job.company_id, job.device_id);
      }
    }
  }

  // ---- answers and pushes ----

  async itemOf(companyId: number, id: number): Promise<DeviceItem> {
    const row = await this.repository.find(companyId, id);
    if (!row) {
      throw notFound();
    }
    return (await this.toItems([row]))[0]!;
  }

  /**
   * Reads the device again, pushes its state to the company's pages and answers it. Every push of
   * `devices:<companyId>` names the device's `nodeId`: the channel's filter delivers it only to
   * subscribers who may read that node (devices.routes.ts, docs/devices.md).
   */
  async changed(companyId: number, id: number): Promise<DeviceItem> {
    const item = await this.itemOf(companyId, id);
    this.realtime.publish(devicesChannel(companyId), 'deviceUpdated', item);
    return item;
  }

  async toItems(rows: readonly DeviceRow[]): Promise<DeviceItem[]> {
    const jobs = new Map((await this.repository.otaByIds(rows.flatMap((r) => (r.ota_job_id ? [r.ota_job_id] : [])))).map((j) => [j.id, j]));
    return rows.map((row) => toDeviceItem(row, row.ota_job_id ? jobs.get(row.ota_job_id) : undefined));
  }

  nodeHandler(): NodeKindHandler {
    return {
      nameProblem: (name) => (name.trim() === '' ? 'validation.nameRequired' : [...name.trim()].length > limits.generalNameLength ? 'validation.tooLong' : null),
      describe: async (companyId, refIds) => {
        const rows = await this.repository.findByIds(companyId, refIds);
        return new Map(rows.map((r) => [r.id, { sn: r.sn, online: r.online === 1, bindState: r.bind_state }]));
      },
      rename: async (trx, companyId, refId, name) => {
        await DevicesRepository.in(trx).update(companyId, refId, { name });
      },
      remove: async (trx, companyId, refIds) => {
        const rows = await DevicesRepository.in(trx).findByIds(companyId, refIds);
        await DevicesRepository.in(trx).removeByIds(companyId, refIds);
        this.pendingDisconnect.push(...rows.map((r) => r.sn));
        for (const row of rows) {
          this.pendingRemoved.set(row.id, row.node_id);
        }
      },
      afterRemove: async (companyId, refIds) => {
        for (const sn of this.pendingDisconnect.splice(0)) {
          this.owners.delete(sn);
          this.bus.disconnect(sn);
        }
        for (const id of refIds) {
          const nodeId = this.pendingRemoved.get(id);
          this.pendingRemoved.delete(id);
          this.lastTelemetry.delete(id);
          this.realtime.publish(devicesChannel(companyId), 'deviceRemoved', { id, nodeId });
        }
      },
    };
  }

  private readonly pendingDisconnect: string[] = [];
  /** Device → cabin node of devices being deleted, for `deviceRemoved`. */
  private readonly pendingRemoved = new Map<number, number>();
}

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
    status: (isLifecycleStatus(row.status) ? row.status : 0) as LifecycleStatus,
    ota: job
      ? { state: job.state as OtaState, percent: job.percent, targetVersion: job.to_version, message: job.message, jobId: job.id }
      : { state: 'idle', percent: 0, targetVersion: null, message: null, jobId: null },
    config: { state: row.config_state as ConfigState, version: row.config_version, message: row.config_message, reasons: parseList(row.config_reasons) },
    detect: { state: row.detect_state as DetectState, message: row.detect_message, reasons: parseList(row.detect_reasons) },
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function stateOf(item: DeviceItem): DeviceState {
  const { id, nodeId, online, lastSeenAt, firmwareVersion, status, bindState, bindExpiresAt, bindMessage, ota, config, detect, updatedAt } = item;
  return { id, nodeId, online, lastSeenAt, firmwareVersion, status, bindState, bindExpiresAt, bindMessage, ota, config, detect, updatedAt };
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

export type { DeviceCommand };
