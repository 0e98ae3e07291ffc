import type { DeviceTarget } from './deviceAlarms.port';
import { createHash, randomBytes } from 'node:crypto';
import {
  bindConfirmTimeoutMs,
  imageContentTypes,
  isLifecycleStatus,
  manualMoveProblem,
  limits,
  type AddDeviceRequest,
  type AddDeviceResult,
  type BindState,
  type ConfigState,
  type DetectState,
  type DeviceItem,
  type DeviceListQuery,
  type LifecycleStatus,
  type Page,
  type TelemetryPayload,
  type UpdateDeviceRequest,
} from '@smartdata/domain';
import { conflict, notFound, validationError } from '@server/platform/errors';
import type { CabinCaller, CabinService, NodeKindHandler } from '../cabin/cabin.service';
import { DevicesRepository, type DeviceRow } from './devices.repository';
import type { DeviceBus } from './deviceBus';
import type { DeviceBrokerAccounts } from './deviceBrokerAccounts';
import type { DeviceItems } from './deviceItems';
import type { LastTelemetry } from './lastTelemetry';
import type { LinkedDevice } from './gatewayDevices.port';

export interface DeviceTimeouts {
  /** Waiting for the one-key confirmation on the device. */
  bindMs: number;
  /** A firmware upgrade from the command to the reconnect with the new version (real hardware: 2–3 minutes). */
  otaMs: number;
  /** A config push or detection waiting for the device's answer. */
  commandMs: number;
}

export const defaultTimeouts: DeviceTimeouts = { bindMs: bindConfirmTimeoutMs, otaMs: 10 * 60 * 1000, commandMs: 60 * 1000 };

/** What devices need of the object store: an uploaded file of the company, and a URL to it. */
export interface DeviceObjects {
  /** The object of `key` in the company, uploaded or only granted; undefined when it is not the company's. */
  objectInCompany(companyId: number, key: string): Promise<{ fileName: string; contentType: string; size: number } | undefined>;
  /** A signed download URL; rejects when the object never arrived in the store. */
  downloadUrl(caller: CabinCaller, key: string): Promise<{ url: string }>;
}

export function toLinkedDevice(row: DeviceRow): LinkedDevice {
  return {
    id: row.id,
    companyId: row.company_id,
    sn: row.sn,
    model: row.model,
    firmwareVersion: row.firmware_version,
    bindState: row.bind_state as BindState,
    online: row.online === 1,
    configState: row.config_state as ConfigState,
    detectState: row.detect_state as DetectState,
  };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

function newSecret(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The device registry (docs/devices.md): devices are cabin nodes of kind `device`; the secret is
 * kept as a SHA-256 hash (it is 128 random bits, so a slow hash adds nothing, and 5 000 devices
 * reconnecting at once must not cost seconds of CPU). Binding and the device's online state are
 * the device link's (deviceLink.service.ts), firmware upgrades firmware.service.ts's.
 */
export class DevicesService {
  /** Devices being deleted (device → SN and cabin node), between the transaction and `afterRemove`. */
  private readonly pendingRemoved = new Map<number, { sn: string; nodeId: number }>();

  constructor(
    private readonly repository: DevicesRepository,
    private readonly cabin: CabinService,
    private readonly objects: DeviceObjects,
    private readonly items: DeviceItems,
    private readonly lastTelemetry: LastTelemetry,
    private readonly bus: DeviceBus,
    private readonly accounts: DeviceBrokerAccounts,
    /** The secret sealed for keeping (deviceBrokerAccounts.ts: a broker re-sync needs the plaintext). */
    private readonly sealSecret: (sn: string, secret: string) => string,
  ) {}

  /** The device when the caller holds `level` on its cabin node; 40400 for another company's id. */
  async requireDevice(caller: CabinCaller, id: number, level: 'read' | 'readWrite' | 'admin'): Promise<LinkedDevice> {
    return toLinkedDevice(await this.requireRow(caller, id, level));
  }

  /** Devices of the company by id as alarm targets (ids of other companies are left out). */
  async targets(companyId: number, ids: readonly number[]): Promise<DeviceTarget[]> {
    if (ids.length === 0) {
      return [];
    }
    return (await this.repository.findByIds(companyId, ids)).map((row) => ({ id: row.id, nodeId: row.node_id, name: row.name, online: row.online === 1 }));
  }

  /** `requireDevice` answering the whole row, for the devices module's own services. */
  async requireRow(caller: CabinCaller, id: number, level: 'read' | 'readWrite' | 'admin'): Promise<DeviceRow> {
    const row = await this.repository.find(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    await this.cabin.requireLevel(caller, row.node_id, level);
    return row;
  }

  /** Commands that change the device need it bound and connected (spec §8 texts, 40900). */
  requireReady(device: LinkedDevice, offlineKey: string): void {
    if (device.bindState !== 'bound') {
      throw conflict('device.bind.notBound');
    }
    if (!device.online || !this.bus.isConnected(device.sn)) {
      throw conflict(offlineKey);
    }
  }

  /** Registers a device as a cabin node; the secret is answered this once. */
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
        secretSealed: this.sealSecret(request.sn, secret),
        userId: caller.userId,
      }),
    );
    await this.accounts.created(request.sn, secret);
    return { id: refId, nodeId, sn: request.sn, secret };
  }

  /** Devices of the company matching the filter whose node the caller may read (newest first). */
  async list(caller: CabinCaller, query: DeviceListQuery): Promise<Page<DeviceItem>> {
    const [rows, levels] = await Promise.all([this.repository.list(caller.companyId, query), this.cabin.levelMap(caller)]);
    const visible = rows.filter((row) => levels.levelOf(row.node_id) !== 'none');
    const page = visible.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize);
    return { list: await this.items.of(page), total: visible.length };
  }

  /** One device with its picture URLs and the last telemetry it sent. */
  async get(caller: CabinCaller, id: number): Promise<DeviceItem & { pictureUrls: string[]; lastTelemetry: TelemetryPayload | null }> {
    const row = await this.requireRow(caller, id, 'read');
    const [item] = await this.items.of([row]);
    const pictureUrls = await Promise.all(item.pictures.map(async (key) => (await this.objects.downloadUrl(caller, key).catch(() => ({ url: '' }))).url));
    return { ...item, pictureUrls, lastTelemetry: this.lastTelemetry.of(row.id) };
  }

  /** Changes name (the cabin node's), model, address, remarks and pictures; pushed to open pages. */
  async update(caller: CabinCaller, request: UpdateDeviceRequest): Promise<DeviceItem> {
    const row = await this.requireRow(caller, request.id, 'readWrite');
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
    return this.items.changed(caller.companyId, row.id);
  }

  /** Pictures (spec §5): JPG or PNG of at most 3 MB, uploaded in the company. */
  private async checkPictures(caller: CabinCaller, keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const object = await this.objects.objectInCompany(caller.companyId, key);
      if (!object) {
        throw validationError('device.picture.missing');
      }
      if (!(imageContentTypes as readonly string[]).includes(object.contentType)) {
        throw validationError('device.picture.format');
      }
      if (object.size > limits.imageMaxBytes) {
        throw validationError('device.picture.tooLarge');
      }
      // Present in the store (an S3 upload is noticed here); 40400 when it never arrived.
      await this.objects.downloadUrl(caller, key).catch(() => {
        throw validationError('device.picture.missing');
      });
    }
  }

  /** Deletes the device's cabin node (admin level); the node kind handler removes the rest. */
  async remove(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.requireRow(caller, id, 'admin');
    await this.cabin.delete(caller, row.node_id);
  }

  /** A new secret (shown once); the device's connections are closed. */
  async rotateSecret(caller: CabinCaller, id: number): Promise<AddDeviceResult> {
    const row = await this.requireRow(caller, id, 'admin');
    const secret = newSecret();
    await this.repository.update(caller.companyId, row.id, { secret_hash: hashSecret(secret), secret_sealed: this.sealSecret(row.sn, secret) });
    this.bus.disconnect(row.sn);
    await this.accounts.secretChanged(row.sn, secret, row.status === 9);
    return { id: row.id, nodeId: row.node_id, sn: row.sn, secret };
  }

  /**
   * A lifecycle move by hand (spec §3): disabling, or enabling back to the status before it
   * (`manualMoveProblem`); every other move belongs to a document or to binding. 40900 with the reason.
   */
  async setStatus(caller: CabinCaller, id: number, status: LifecycleStatus): Promise<DeviceItem> {
    const row = await this.requireRow(caller, id, 'readWrite');
    const from = isLifecycleStatus(row.status) ? row.status : 0;
    const before = from === 9 ? await this.repository.statusBeforeDisabled(caller.companyId, row.id) : null;
    const problem = manualMoveProblem(from, status, isLifecycleStatus(before) ? before : null);
    if (problem) {
      throw conflict(problem);
    }
    const unbound = status === 9 ? { bind_state: 'unbound' as const, bind_cmd_id: null, bind_code: null, bind_expires_at: null } : {};
    // Conditional on the status read, as the documents' moves are: a document moving the device
    // meanwhile wins and this answers "changed".
    if (!(await this.repository.moveStatus(caller.companyId, row.id, from, status, unbound))) {
      throw conflict('device.lifecycle.changed');
    }
    await this.repository.insertLifecycle([{ company_id: caller.companyId, device_id: row.id, from_status: from, to_status: status, document: status === 9 ? 'disable' : 'enable', document_kind: null, document_id: null, created_by: caller.userId, created_at: Date.now() }]);
    if (status === 9) {
      this.bus.disconnect(row.sn);
    }
    await this.accounts.statusChanged(row.sn, status === 9);
    return this.items.changed(caller.companyId, row.id);
  }

  /** A claim creates the device's node at the claiming company's cabin root: the caller must be able to write there. */
  requireClaimRoot(caller: CabinCaller): void {
    this.cabin.requireRootWrite(caller);
  }

  /**
   * Moves a claimed device to the company that claimed it, once the device confirmed (command
   * `cmdId` still the current one): a new cabin node at that company's root, the old node released
   * (telemetry bindings and gateway configuration of the old company go), status 4 bound, a history
   * row in the new company. Answers whether it moved.
   */
  async transferClaimed(row: DeviceRow, cmdId: string, now: number): Promise<boolean> {
    const companyId = row.bind_company_id;
    if (companyId === null || row.bind_cmd_id !== cmdId) {
      return false;
    }
    // Checked when the claim started (requireClaimRoot); the confirmation comes from the device.
    const claimer: CabinCaller = { companyId, userId: row.bind_user_id ?? 0, isCompanyAdmin: true };
    await this.cabin.createNode(claimer, { kind: 'device', parentId: null, name: row.name }, async (trx, nodeId) => {
      await this.cabin.releaseNode(trx, row.company_id, { id: row.node_id, kind: 'device', refId: row.id });
      const repository = DevicesRepository.in(trx);
      if (
        !(await repository.updateIf(row.id, 'bind_cmd_id', cmdId, {
          company_id: companyId,
          node_id: nodeId,
          status: 4,
          bind_state: 'bound',
          bind_message: 'device.bind.success',
          bind_cmd_id: null,
          bind_code: null,
          bind_expires_at: null,
          bind_company_id: null,
          bind_user_id: null,
        }))
      ) {
        throw conflict('device.bind.timeout');
      }
      await repository.insertLifecycle([{ company_id: companyId, device_id: row.id, from_status: row.status, to_status: 4, document: 'bind', document_kind: null, document_id: null, created_by: row.bind_user_id, created_at: now }]);
      return row.id;
    });
    return true;
  }

  /** Devices and devices online per company, for the acquisition page. */
  counts(companyIds: readonly number[]): Promise<Map<number, { total: number; online: number }>> {
    return this.repository.counts(companyIds);
  }

  /** Devices and devices online of every company (the platform's metrics, platform/metrics.ts). */
  fleetCounts(): Promise<{ total: number; online: number }> {
    return this.repository.fleetCounts();
  }

  /** How the cabin names, describes and deletes nodes of kind `device`. */
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
        await DevicesRepository.in(trx).removeLifecycle(companyId, refIds);
        await DevicesRepository.in(trx).removeByIds(companyId, refIds);
        for (const row of rows) {
          this.pendingRemoved.set(row.id, { sn: row.sn, nodeId: row.node_id });
        }
      },
      afterRemove: (companyId, refIds) => {
        const removedSns: string[] = [];
        for (const id of refIds) {
          const removed = this.pendingRemoved.get(id);
          this.pendingRemoved.delete(id);
          if (removed) {
            removedSns.push(removed.sn);
            this.lastTelemetry.forget(removed.sn, id);
            this.bus.disconnect(removed.sn);
          }
          this.items.removed(companyId, id, removed?.nodeId);
        }
        // Company deletion removes many devices at once; the broker's accounts go one by one.
        return removedSns.reduce((chain, sn) => chain.then(() => this.accounts.removed(sn)), Promise.resolve());
      },
    };
  }
}
