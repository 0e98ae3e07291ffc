import type { DeviceOnlineChanges } from './deviceAlarms.port';
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { deviceEvent, parseTelemetry, lifecycleProblem, type DeviceItem, type FlowDocument, type LifecycleStatus, type OnlinePayload } from '@smartdata/domain';
import { conflict, notFound } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DeviceBus } from './deviceBus';
import type { DeviceItems } from './deviceItems';
import type { DevicePatch, DevicesRepository, DeviceRow } from './devices.repository';
import { hashSecret, toLinkedDevice, type DevicesService, type DeviceTimeouts } from './devices.service';
import type { GatewayAnswers, GatewayDevices, LinkedDevice } from './gatewayDevices.port';
import type { FirmwareService } from './firmware.service';
import type { LastTelemetry } from './lastTelemetry';

/** What the device link needs of the companies module: the name a device shows when asked to bind. */
export interface CompanyNames {
  getCompany(companyId: number): Promise<{ displayName: string }>;
}

function newCmdId(): string {
  return randomBytes(8).toString('hex');
}

const notBinding: DevicePatch = { bind_state: 'unbound', bind_cmd_id: null, bind_code: null, bind_expires_at: null, bind_company_id: null, bind_user_id: null };

/**
 * The device side (DESIGN.md §5) and the commands that need the device: binding with its
 * confirmation on the device, online state, the broker's authentication, telemetry kept for the
 * pages, config pushes and detections for the gateways module, and the deadlines of binding,
 * pushes and detections. A late answer changes nothing: each wait is matched by its command id.
 */
export class DeviceLinkService implements GatewayDevices {
  private readonly answers: GatewayAnswers[] = [];

  constructor(
    private readonly repository: DevicesRepository,
    private readonly devices: DevicesService,
    private readonly firmware: FirmwareService,
    private readonly items: DeviceItems,
    private readonly lastTelemetry: LastTelemetry,
    private readonly bus: DeviceBus,
    private readonly companies: CompanyNames,
    private readonly timeouts: DeviceTimeouts,
    private readonly onlineChanges: DeviceOnlineChanges,
  ) {}

  /** The online/offline handling under way per device, so that they run in the order they came. */
  private readonly turns = new Map<string, Promise<void>>();

  /**
   * Runs a device's connection changes one after the other: an offline that arrives while its
   * online is still being stored would read the device as offline already and be dropped, leaving a
   * device that left shown online.
   */
  private inTurn(sn: string, work: () => Promise<void>): Promise<void> {
    const next = (this.turns.get(sn) ?? Promise.resolve()).then(work);
    const settled = next.catch(() => undefined);
    this.turns.set(sn, settled);
    void settled.then(() => {
      if (this.turns.get(sn) === settled) {
        this.turns.delete(sn);
      }
    });
    return next;
  }

  /**
   * Marks every device offline (a fresh embedded broker has no connections) and listens to the
   * broker. An external broker outlives this process and other instances share it: the stored
   * state stays, and the retained online topics the broker sends on subscribe bring it up to date.
   */
  async start(): Promise<void> {
    if (!this.bus.onExternalBroker) {
      await this.repository.markAllOffline();
    }
    this.bus.start({
      authenticate: (sn, secret) => this.authenticate(sn, secret),
      online: (sn, payload) => this.inTurn(sn, () => this.onOnline(sn, payload)),
      offline: (sn) => this.inTurn(sn, () => this.onOffline(sn)),
      event: (sn, payload) => this.onEvent(sn, payload),
      telemetry: (sn, payload) => this.onTelemetry(sn, payload),
    });
  }

  // ---- binding ----

  /** Starts binding: the device shows the request and the user confirms on the device. */
  async bind(caller: CabinCaller, id: number): Promise<DeviceItem & { code: string }> {
    const row = await this.devices.requireRow(caller, id, 'readWrite');
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
    await this.repository.update(caller.companyId, row.id, { bind_state: 'awaiting', bind_cmd_id: cmdId, bind_code: code, bind_expires_at: Date.now() + this.timeouts.bindMs, bind_message: 'device.bind.awaiting', bind_company_id: null, bind_user_id: null });
    const { displayName } = await this.companies.getCompany(caller.companyId);
    await this.bus.send(row.sn, { type: 'bind', cmdId, companyName: displayName, code });
    return { ...(await this.items.changed(caller.companyId, row.id)), code };
  }

  /**
   * A customer's company claims a shipped device by its SN (issue 18, docs/inventory.md): the
   * device shows the customer company's name and code and the user confirms on it, as for any
   * binding; on the confirmation the device moves to the customer's company, bound (status 4).
   * Only a shipped (3), online device of another company can be claimed; anything else is 40400
   * (nothing about other companies' devices is told).
   */
  async claim(caller: CabinCaller, sn: string): Promise<{ sn: string; code: string; bindExpiresAt: number }> {
    const row = await this.repository.findBySn(sn);
    if (!row || row.company_id === caller.companyId || row.status !== 3 || row.bind_state === 'bound') {
      throw notFound();
    }
    if (row.online !== 1) {
      throw conflict('device.bind.offline');
    }
    this.devices.requireClaimRoot(caller);
    const cmdId = newCmdId();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const bindExpiresAt = Date.now() + this.timeouts.bindMs;
    await this.repository.update(row.company_id, row.id, { bind_state: 'awaiting', bind_cmd_id: cmdId, bind_code: code, bind_expires_at: bindExpiresAt, bind_message: 'device.bind.awaiting', bind_company_id: caller.companyId, bind_user_id: caller.userId });
    const { displayName } = await this.companies.getCompany(caller.companyId);
    await this.bus.send(row.sn, { type: 'bind', cmdId, companyName: displayName, code });
    await this.items.changed(row.company_id, row.id);
    return { sn: row.sn, code, bindExpiresAt };
  }

  /** Unbinds a bound device (back to status 3, shipped out); the device is told when online. */
  async unbind(caller: CabinCaller, id: number): Promise<DeviceItem> {
    const row = await this.devices.requireRow(caller, id, 'readWrite');
    if (row.bind_state !== 'bound') {
      throw conflict('device.bind.notBound');
    }
    await this.repository.update(caller.companyId, row.id, { ...notBinding, bind_message: null, status: 3 });
    await this.repository.insertLifecycle([{ company_id: caller.companyId, device_id: row.id, from_status: row.status, to_status: 3, document: 'unbind', document_kind: null, document_id: null, created_by: caller.userId, created_at: Date.now() }]);
    if (row.online === 1) {
      await this.bus.send(row.sn, { type: 'unbind', cmdId: newCmdId() }).catch(() => undefined);
    }
    return this.items.changed(caller.companyId, row.id);
  }

  // ---- the gateways' port ----

  /** The registry's access check, answered as the gateways see a device. */
  async requireDevice(caller: CabinCaller, id: number, level: 'read' | 'readWrite'): Promise<LinkedDevice> {
    return this.devices.requireDevice(caller, id, level);
  }

  /** Bound and connected, as the registry checks it for every command. */
  requireReady(device: LinkedDevice, offlineKey: string): void {
    this.devices.requireReady(device, offlineKey);
  }

  /** One config push or detection at a time per device. */
  requireIdle(device: LinkedDevice): void {
    if (device.configState === 'updating' || device.detectState === 'detecting') {
      throw conflict('device.config.busy');
    }
  }

  /** The push waits for `configResult` until `commandMs` passes (then the sweep fails it). */
  async startConfigPush(device: LinkedDevice, version: number, flow: FlowDocument): Promise<DeviceItem> {
    const cmdId = newCmdId();
    await this.repository.update(device.companyId, device.id, {
      config_state: 'updating',
      config_cmd_id: cmdId,
      config_version: version,
      config_message: null,
      config_reasons: '[]',
      config_deadline: Date.now() + this.timeouts.commandMs,
    });
    await this.bus.send(device.sn, { type: 'config', cmdId, version, flow });
    return this.items.changed(device.companyId, device.id);
  }

  /** The document is kept with the wait: a passed detection saves what was actually detected. */
  async startDetection(device: LinkedDevice, flow: FlowDocument): Promise<DeviceItem> {
    const cmdId = newCmdId();
    await this.repository.update(device.companyId, device.id, {
      detect_state: 'detecting',
      detect_cmd_id: cmdId,
      detect_flow: JSON.stringify(flow),
      detect_message: null,
      detect_reasons: '[]',
      detect_deadline: Date.now() + this.timeouts.commandMs,
    });
    await this.bus.send(device.sn, { type: 'detect', cmdId, flow });
    return this.items.changed(device.companyId, device.id);
  }

  /** Sends `run`; the flow's own publishes are its answer. */
  async runFlow(device: LinkedDevice): Promise<void> {
    await this.bus.send(device.sn, { type: 'run', cmdId: newCmdId() });
  }

  /** Answers are heard in the order of registration, before the device's new state is pushed. */
  listen(answers: GatewayAnswers): void {
    this.answers.push(answers);
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
    await this.firmware.reconnected(row, payload.firmware, now);
    await this.items.changed(row.company_id, row.id);
    if (row.online !== 1) {
      this.onlineChanges.emit({ companyId: row.company_id, deviceId: row.id, online: true, at: now });
    }
  }

  private async onOffline(sn: string): Promise<void> {
    const row = await this.repository.findBySn(sn);
    if (!row || row.online === 0) {
      return;
    }
    const now = Date.now();
    await this.repository.update(row.company_id, row.id, { online: 0, last_seen_at: now });
    await this.items.changed(row.company_id, row.id);
    this.onlineChanges.emit({ companyId: row.company_id, deviceId: row.id, online: false, at: now });
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
          if (row.bind_company_id !== null && row.bind_company_id !== row.company_id) {
            // A claim by the customer's company: the device moves there, bound.
            if (await this.devices.transferClaimed(row, event.cmdId, now)) {
              this.items.removed(row.company_id, row.id, row.node_id);
              await this.items.changed(row.bind_company_id, row.id);
            }
            return;
          }
          if (await this.repository.updateIf(row.id, 'bind_cmd_id', event.cmdId, { ...notBinding, bind_state: 'bound', bind_message: 'device.bind.success', status: 4 })) {
            // Confirmed on the device: no user of the console made this move.
            await this.repository.insertLifecycle([{ company_id: row.company_id, device_id: row.id, from_status: row.status, to_status: 4, document: 'bind', document_kind: null, document_id: null, created_by: null, created_at: now }]);
            await this.items.changed(row.company_id, row.id);
          }
        }
        return;
      case 'bindReject':
        if (row.bind_state === 'awaiting' && (await this.repository.updateIf(row.id, 'bind_cmd_id', event.cmdId, { ...notBinding, bind_message: 'device.bind.rejected' }))) {
          await this.items.changed(row.company_id, row.id);
        }
        return;
      case 'otaProgress':
      case 'otaResult':
        await this.firmware.otaEvent(row, event, now);
        return;
      case 'configResult': {
        const patch: DevicePatch = event.ok
          ? { config_state: 'success', config_cmd_id: null, config_message: 'device.config.success', config_reasons: '[]', config_deadline: null }
          : { config_state: 'failed', config_cmd_id: null, config_message: 'device.config.failed', config_reasons: JSON.stringify(event.reasons), config_deadline: null };
        // The answer is recorded before the state moves: whoever sees `success` finds the version applied.
        if (row.config_cmd_id !== event.cmdId) {
          return;
        }
        for (const answers of this.answers) {
          await answers.configAnswered(toLinkedDevice(row), row.config_version, event.ok);
        }
        if (await this.repository.updateIf(row.id, 'config_cmd_id', event.cmdId, patch)) {
          await this.items.changed(row.company_id, row.id);
        }
        return;
      }
      case 'detectResult': {
        const patch: DevicePatch = event.passed
          ? { detect_state: 'passed', detect_cmd_id: null, detect_message: 'device.detect.passed', detect_reasons: '[]', detect_deadline: null, detect_flow: null }
          : { detect_state: 'failed', detect_cmd_id: null, detect_message: 'device.detect.failed', detect_reasons: JSON.stringify(event.reasons), detect_deadline: null, detect_flow: null };
        // The passed document is saved before the state moves: whoever sees `passed` reads it back.
        if (row.detect_cmd_id !== event.cmdId) {
          return;
        }
        for (const answers of this.answers) {
          await answers.detectionAnswered(toLinkedDevice(row), row.detect_flow, event.passed);
        }
        if (await this.repository.updateIf(row.id, 'detect_cmd_id', event.cmdId, patch)) {
          await this.items.changed(row.company_id, row.id);
        }
        return;
      }
      case 'flow':
        // What a flow publishes on the event topic is the flow's business, not the device's state.
        return;
      case 'alarm':
        // The device's own alarm (source 1): the alarms module keeps it in the log (docs/alarms.md).
        this.onlineChanges.report({ companyId: row.company_id, deviceId: row.id, nodeId: row.node_id, event, at: now });
        return;
    }
  }

  private async onTelemetry(sn: string, payload: unknown): Promise<void> {
    const telemetry = parseTelemetry(payload);
    if (!telemetry) {
      return;
    }
    let owner = this.lastTelemetry.ownerOf(sn);
    if (!owner) {
      const row: DeviceRow | undefined = await this.repository.findBySn(sn);
      if (!row) {
        return;
      }
      owner = { id: row.id, companyId: row.company_id, nodeId: row.node_id };
    }
    this.lastTelemetry.keep(sn, owner, telemetry);
    this.items.telemetry(owner, telemetry);
  }

  /** Deadlines: binding not confirmed, config pushes and detections without an answer. */
  async sweep(now: number): Promise<void> {
    for (const row of await this.repository.expiredWaits(now)) {
      if (row.bind_state === 'awaiting' && (row.bind_expires_at ?? 0) < now && row.bind_cmd_id) {
        await this.repository.updateIf(row.id, 'bind_cmd_id', row.bind_cmd_id, { ...notBinding, bind_message: 'device.bind.timeout' });
      }
      if (row.config_state === 'updating' && (row.config_deadline ?? 0) < now && row.config_cmd_id) {
        await this.repository.updateIf(row.id, 'config_cmd_id', row.config_cmd_id, { config_state: 'failed', config_cmd_id: null, config_message: 'device.config.timeout', config_deadline: null });
        for (const answers of this.answers) {
          await answers.configTimedOut(row.company_id, row.id);
        }
      }
      if (row.detect_state === 'detecting' && (row.detect_deadline ?? 0) < now && row.detect_cmd_id) {
        await this.repository.updateIf(row.id, 'detect_cmd_id', row.detect_cmd_id, { detect_state: 'failed', detect_cmd_id: null, detect_message: 'device.config.timeout', detect_deadline: null, detect_flow: null });
      }
      await this.items.changed(row.company_id, row.id);
    }
  }
}
