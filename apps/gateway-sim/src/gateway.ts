import { EventEmitter } from 'node:events';
import mqtt, { type MqttClient } from 'mqtt';
import {
  checkFlow,
  deviceCommand,
  devicePublishAllowed,
  deviceSubscribeAllowed,
  deviceTopics,
  encodeDeviceReason,
  flowDocumentSchema,
  type DeviceCommand,
  type DeviceEvent,
  type FlowDocument,
} from '@smartdata/domain';
import { ModbusSlave } from './modbusSlave';
import { FlowRunner, SimulatedSerialPort, type LinkBus, type RunnerEvent } from './flowRunner';

export type OtaOutcome = 'success' | 'fail' | 'reboot';

export interface SimulatedGatewayOptions {
  sn: string;
  secret: string;
  /** The platform's broker; default mqtt://127.0.0.1:1883. */
  url?: string;
  /** The firmware version it runs and reports (default 1.3.4). */
  firmware?: string;
  /** Confirm bind requests at once, as if the user pressed one-key confirm binding. */
  autoConfirm?: boolean;
  /** How long an upgrade takes (real hardware: 2–3 minutes). Default 3 s. */
  otaSeconds?: number;
  /** What the next upgrade does: success (reboot into the new version), fail (bad checksum), reboot (power loss mid-way). */
  otaOutcome?: OtaOutcome;
  /** 0..1: share of Modbus requests the slave leaves unanswered. */
  missingReplies?: number;
  /** Serial ports the gateway has (detection refuses others). */
  serialPorts?: string[];
  /** Links: `platform` publishes every link through the platform connection; `real` connects to each link's broker. */
  links?: 'platform' | 'real';
  seed?: number;
  /** Commands it receives but never answers (a firmware that hangs), to exercise the platform's time-outs. */
  ignore?: DeviceCommand['type'][];
  /** Reconnect delay after a drop (ms). */
  reconnectMs?: number;
  log?: (line: string) => void;
}

export interface GatewayState {
  connected: boolean;
  bound: boolean;
  firmware: string;
  configVersion: number | null;
  flow: FlowDocument | null;
  pendingBind: { cmdId: string; code: string; companyName: string } | null;
  ota: { cmdId: string; version: string; percent: number } | null;
  published: number;
  connects: number;
}

export interface SimulatedGateway {
  readonly sn: string;
  readonly state: GatewayState;
  readonly slave: ModbusSlave;
  /** connected, disconnected, command, bindRequest, bound, unbound, detected, configApplied, configFailed, otaProgress, otaDone, runner (RunnerEvent), published. */
  readonly events: EventEmitter;
  options: SimulatedGatewayOptions;
  /** The user presses one-key confirm binding on the device. */
  confirmBind(): Promise<void>;
  rejectBind(): Promise<void>;
  /** Waits for an event (matching `test`), failing after `timeoutMs`. */
  waitFor<T = unknown>(event: string, test?: (value: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Drops the connection without a goodbye (the broker sends the last-will), then reconnects. */
  crash(): Promise<void>;
  /** Publishes `{online:false}` and disconnects; the runner stops. */
  close(): Promise<void>;
  /** The underlying MQTT client (tests use it to try forbidden topics). */
  readonly client: MqttClient;
}

/**
 * A simulated gateway (DTU): a faithful device of the MQTT contract (docs/devices.md). It keeps a
 * retained online topic with a last-will, answers bind commands, detects and applies config
 * pushes with the rules of packages/domain, runs the flow against a simulated Modbus RTU slave,
 * publishes through its links, upgrades its firmware with progress, and reports its version.
 */
export async function startSimulatedGateway(options: SimulatedGatewayOptions): Promise<SimulatedGateway> {
  const events = new EventEmitter();
  events.setMaxListeners(100);
  const log = options.log ?? (() => undefined);
  const slave = new ModbusSlave({ address: 1, missingReplyRate: options.missingReplies ?? 0, seed: options.seed ?? hash(options.sn) });
  // The slave answers every address a flow may ask (the examples use 1, 2 and 5).
  const slaves = new Map<number, ModbusSlave>([[1, slave]]);
  const bus = {
    handle(frame: readonly number[]) {
      const address = frame[0] ?? 1;
      let target = slaves.get(address);
      if (!target) {
        target = new ModbusSlave({ address, missingReplyRate: slave.missingReplyRate, seed: (options.seed ?? 7) + address });
        slaves.set(address, target);
      }
      target.missingReplyRate = slave.missingReplyRate;
      return target.handle(frame);
    },
  };
  const state: GatewayState = {
    connected: false,
    bound: false,
    firmware: options.firmware ?? '1.3.4',
    configVersion: null,
    flow: null,
    pendingBind: null,
    ota: null,
    published: 0,
    connects: 0,
  };
  let runner: FlowRunner | null = null;
  let closing = false;
  const linkClients = new Map<string, MqttClient>();

  const connect = (): MqttClient => {
    const c = mqtt.connect(options.url ?? 'mqtt://127.0.0.1:1883', {
      username: options.sn,
      password: options.secret,
      clientId: `${options.sn}:${Math.random().toString(16).slice(2, 8)}`,
      clean: true,
      reconnectPeriod: options.reconnectMs ?? 1000,
      connectTimeout: 5000,
      will: { topic: deviceTopics.online(options.sn), payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
    });
    c.on('connect', () => {
      state.connected = true;
      state.connects += 1;
      void (async () => {
        await c.subscribeAsync(deviceTopics.command(options.sn), { qos: 1 });
        await c.publishAsync(deviceTopics.online(options.sn), JSON.stringify({ online: true, firmware: state.firmware, ts: Date.now() }), { qos: 1, retain: true });
        log(`${options.sn} online (firmware ${state.firmware})`);
        events.emit('connected', state.firmware);
      })().catch((error: unknown) => log(`${options.sn} connect steps failed: ${(error as Error).message}`));
    });
    c.on('close', () => {
      if (state.connected) {
        state.connected = false;
        events.emit('disconnected');
      }
    });
    c.on('error', (error) => {
      log(`${options.sn} ${error.message}`);
      events.emit('mqttError', error);
    });
    c.on('message', (topic, payload) => {
      if (topic !== deviceTopics.command(options.sn)) {
        return;
      }
      let parsed: DeviceCommand;
      try {
        parsed = deviceCommand.parse(JSON.parse(payload.toString()));
      } catch {
        log(`${options.sn} ignored a malformed command`);
        return;
      }
      events.emit('command', parsed);
      if (options.ignore?.includes(parsed.type)) {
        return;
      }
      handleCommand(parsed).catch((error: unknown) => log(`${options.sn} command ${parsed.type} failed: ${(error as Error).message}`));
    });
    return c;
  };

  let client = connect();

  const send = async (event: DeviceEvent) => {
    await client.publishAsync(deviceTopics.event(options.sn), JSON.stringify(event), { qos: 1 });
  };

  const links: LinkBus = {
    publish: async (linkId, topic, body, qos) => {
      const real = (options.links ?? 'platform') === 'real';
      if (!real && !devicePublishAllowed(options.sn, topic)) {
        // Platform mode: a link to another broker is not reachable from here, and the platform's
        // broker would close the connection for a topic outside sd/{sn}/up/. Logged, not sent.
        events.emit('published', { linkId, topic, body, external: true });
        return;
      }
      const target = real ? await linkClient(linkId) : client;
      await target.publishAsync(topic, body, { qos });
      state.published += 1;
      events.emit('published', { linkId, topic, body });
    },
    subscribe: async (linkId, topic, onMessage) => {
      const real = (options.links ?? 'platform') === 'real';
      if (!real && !deviceSubscribeAllowed(options.sn, topic)) {
        return;
      }
      const target = real ? await linkClient(linkId) : client;
      target.on('message', (t, payload) => {
        if (t === topic) {
          onMessage(payload.toString());
        }
      });
      await target.subscribeAsync(topic, { qos: 1 }).catch((error: unknown) => log(`${options.sn} subscribe ${topic} refused: ${(error as Error).message}`));
    },
  };

  const linkClient = async (linkId: string): Promise<MqttClient> => {
    const existing = linkClients.get(linkId);
    if (existing) {
      return existing;
    }
    const link = state.flow?.links.find((l) => l.id === linkId);
    if (!link) {
      throw new Error(`no link ${linkId}`);
    }
    const c = await mqtt.connectAsync(`mqtt://${link.address}:${link.port}`, { username: link.username, password: link.password, clientId: link.clientId, reconnectPeriod: 5000, connectTimeout: 5000 });
    linkClients.set(linkId, c);
    return c;
  };

  /** Detection on the device: the rules of packages/domain at its firmware, and its own hardware. */
  const detect = (flow: unknown): string[] => {
    const reasons = checkFlow(flow, state.firmware).errors.map(encodeDeviceReason);
    const parsed = flowDocumentSchema.safeParse(flow);
    const ports = options.serialPorts ?? ['COM1', 'COM2'];
    if (parsed.success && !ports.includes(parsed.data.serial.portName)) {
      reasons.push(`The gateway has no serial port ${parsed.data.serial.portName} (it has ${ports.join(', ')})`);
    }
    return reasons;
  };

  const apply = async (flow: FlowDocument, version: number | null) => {
    await runner?.stop();
    state.flow = flow;
    state.configVersion = version;
    for (const c of linkClients.values()) {
      c.end(true);
    }
    linkClients.clear();
    const serial = new SimulatedSerialPort(bus, flow.serial.baudRate);
    runner = new FlowRunner(flow, {
      sn: options.sn,
      secret: options.secret,
      serial,
      links,
      onEvent: (event: RunnerEvent) => events.emit('runner', event),
    });
    await runner.start();
  };

  const handleCommand = async (command: DeviceCommand) => {
    switch (command.type) {
      case 'bind':
        state.pendingBind = { cmdId: command.cmdId, code: command.code, companyName: command.companyName };
        log(`${options.sn} bind request from ${command.companyName}, code ${command.code}${options.autoConfirm ? ' (auto-confirm)' : ' — press Enter to confirm'}`);
        events.emit('bindRequest', state.pendingBind);
        if (options.autoConfirm) {
          setTimeout(() => void handle.confirmBind(), 100);
        }
        return;
      case 'unbind':
        state.bound = false;
        events.emit('unbound');
        return;
      case 'detect': {
        const reasons = detect(command.flow);
        await send({ type: 'detectResult', cmdId: command.cmdId, passed: reasons.length === 0, reasons });
        events.emit('detected', { passed: reasons.length === 0, reasons });
        return;
      }
      case 'config': {
        const reasons = detect(command.flow);
        if (reasons.length > 0) {
          await send({ type: 'configResult', cmdId: command.cmdId, ok: false, version: command.version, reasons });
          events.emit('configFailed', reasons);
          return;
        }
        await apply(command.flow, command.version);
        await send({ type: 'configResult', cmdId: command.cmdId, ok: true, version: command.version, reasons: [] });
        log(`${options.sn} applied config version ${command.version}`);
        events.emit('configApplied', command.version);
        return;
      }
      case 'run':
        await runner?.trigger();
        return;
      case 'ota':
        await upgrade(command);
        return;
      default:
        return;
    }
  };

  const upgrade = async (command: Extract<DeviceCommand, { type: 'ota' }>) => {
    const outcome = options.otaOutcome ?? 'success';
    const totalMs = (options.otaSeconds ?? 3) * 1000;
    state.ota = { cmdId: command.cmdId, version: command.version, percent: 0 };
    const steps = 10;
    for (let step = 1; step <= steps; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, totalMs / steps));
      if (closing) {
        return;
      }
      const percent = step * 10;
      if (outcome === 'fail' && percent >= 40) {
        await send({ type: 'otaResult', cmdId: command.cmdId, ok: false, reason: 'checksum mismatch' });
        state.ota = null;
        events.emit('otaDone', { ok: false });
        return;
      }
      if (outcome === 'reboot' && percent >= 50) {
        // Power loss mid-way: it comes back on the old firmware.
        state.ota = null;
        log(`${options.sn} rebooted during the upgrade, still ${state.firmware}`);
        await handle.crash();
        events.emit('otaDone', { ok: false, rebooted: true });
        return;
      }
      state.ota.percent = percent;
      await send({ type: 'otaProgress', cmdId: command.cmdId, percent });
      events.emit('otaProgress', percent);
    }
    await send({ type: 'otaResult', cmdId: command.cmdId, ok: true, version: command.version });
    state.firmware = command.version;
    state.ota = null;
    log(`${options.sn} flashed ${command.version}, rebooting`);
    await handle.crash();
    events.emit('otaDone', { ok: true, version: command.version });
  };

  const handle: SimulatedGateway = {
    sn: options.sn,
    state,
    slave,
    events,
    options,
    get client() {
      return client;
    },
    async confirmBind() {
      const pending = state.pendingBind;
      if (!pending) {
        return;
      }
      state.pendingBind = null;
      await send({ type: 'bindConfirm', cmdId: pending.cmdId, code: pending.code });
      state.bound = true;
      events.emit('bound');
    },
    async rejectBind() {
      const pending = state.pendingBind;
      if (pending) {
        state.pendingBind = null;
        await send({ type: 'bindReject', cmdId: pending.cmdId });
      }
    },
    waitFor<T>(event: string, test?: (value: T) => boolean, timeoutMs = 10_000) {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          events.off(event, listener);
          reject(new Error(`${options.sn}: no ${event} within ${timeoutMs} ms`));
        }, timeoutMs);
        const listener = (value: T) => {
          if (!test || test(value)) {
            clearTimeout(timer);
            events.off(event, listener);
            resolve(value);
          }
        };
        events.on(event, listener);
      });
    },
    async crash() {
      // No DISCONNECT: the broker sees the line drop and publishes the last-will.
      const old = client;
      old.removeAllListeners('close');
      old.options.reconnectPeriod = 0;
      old.stream?.destroy();
      old.end(true);
      state.connected = false;
      events.emit('disconnected');
      await new Promise((resolve) => setTimeout(resolve, options.reconnectMs ?? 300));
      if (!closing) {
        client = connect();
        await handle.waitFor('connected', undefined, 10_000);
      }
    },
    async close() {
      closing = true;
      await runner?.stop();
      for (const c of linkClients.values()) {
        c.end(true);
      }
      if (client.connected) {
        await client.publishAsync(deviceTopics.online(options.sn), JSON.stringify({ online: false }), { qos: 1, retain: true }).catch(() => undefined);
      }
      // Bounded: a client that is already down (crashed, refused) may never call back.
      const current = client;
      await Promise.race([new Promise<void>((resolve) => current.end(!current.connected, {}, () => resolve())), new Promise((resolve) => setTimeout(resolve, 2000))]);
      state.connected = false;
    },
  };
  return handle;
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) {
    h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  }
  return h >>> 0;
}
