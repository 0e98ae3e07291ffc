import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
import { FlowRunner, SimulatedSerialPort, type LinkBus, type RunnerEvent, type SerialPort } from './flowRunner';
import { busLabel, createBus, parseBusSpec, type Bus, type BusSpec } from './buses';
import { rxProblemReason, rxProblemText } from './problems';
import { DiskSpool, type SpoolOptions } from './spool';

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
  /** Serial ports the gateway has (detection refuses others); with `buses`, their names. */
  serialPorts?: string[];
  /**
   * Real buses by the flow's port name (`COM1` → `serial:/dev/ttyUSB0`, `tcp://host:502`,
   * `rtu-tcp://host:port`, or `sim`): the flow whose serial settings name that port talks to it.
   * Without it every port is the simulated slave.
   */
  buses?: Record<string, string | BusSpec>;
  /** Store-and-forward: what the flow publishes to the platform waits on disk while the broker is unreachable. */
  spool?: Omit<SpoolOptions, 'log'>;
  /** The broker's CA (PEM) for mqtts:// URLs. */
  ca?: string;
  /** Where the applied flow is kept (a DTU keeps it in flash): it runs again after a restart. */
  stateFile?: string;
  /** HTTP request nodes (tests); default fetch with a 5 s limit. */
  http?: (url: string, method: string, body: string) => Promise<number>;
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
  /** The bus the running flow talks to (`sim`, `serial:/dev/ttyUSB0 9600 8N1`, …). */
  bus: string | null;
}

export interface SimulatedGateway {
  readonly sn: string;
  readonly state: GatewayState;
  readonly slave: ModbusSlave;
  /** The store-and-forward spool, when `spool` is set. */
  readonly spool: DiskSpool | null;
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
    bus: null,
  };
  const buses: Record<string, BusSpec> | null = options.buses
    ? Object.fromEntries(Object.entries(options.buses).map(([port, spec]) => [port, typeof spec === 'string' ? parseBusSpec(spec) : spec]))
    : null;
  const spool = options.spool ? new DiskSpool({ ...options.spool, log: (line) => log(`${options.sn} ${line}`) }) : null;
  let currentBus: SerialPort | null = null;
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
      ...(options.ca ? { ca: options.ca } : {}),
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
        void drain();
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
      // Commands that use the bus (detect, config, run) take turns: a detection pauses the running
      // flow and resumes it, which must not undo a config applied meanwhile.
      const run = () => handleCommand(parsed).catch((error: unknown) => log(`${options.sn} command ${parsed.type} failed: ${(error as Error).message}`));
      if (parsed.type === 'detect' || parsed.type === 'config' || parsed.type === 'run') {
        busTurn = busTurn.then(run);
      } else {
        void run();
      }
    });
    return c;
  };

  let busTurn: Promise<unknown> = Promise.resolve();
  let client = connect();

  const send = async (event: DeviceEvent) => {
    await client.publishAsync(deviceTopics.event(options.sn), JSON.stringify(event), { qos: 1 });
  };

  /**
   * Forwards held publishes in order while connected: each waits for its PUBACK and leaves the
   * spool only then (an unacknowledged one is sent again by mqtt.js after a reconnect, or by the
   * next drain). A telemetry body without `ts` gets the time the flow published it.
   */
  let draining = false;
  const drain = async () => {
    if (!spool || draining) {
      return;
    }
    draining = true;
    try {
      while (!closing) {
        const current = client;
        if (!current.connected) {
          break;
        }
        const entry = spool.peek();
        if (!entry) {
          break;
        }
        const body = withTs(entry.topic, entry.body, entry.at, options.sn);
        const acked = await Promise.race([
          current.publishAsync(entry.topic, body, { qos: 1 }).then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 60_000).unref()),
        ]).catch(() => false);
        if (!acked) {
          break;
        }
        spool.ack(entry.seq);
        state.published += 1;
        events.emit('published', { linkId: 'platform', topic: entry.topic, body, heldMs: Date.now() - entry.at });
      }
    } finally {
      draining = false;
    }
    if (spool.size > 0 && client.connected && !closing) {
      setTimeout(() => void drain(), 1000).unref();
    }
  };

  const links: LinkBus = {
    publish: async (linkId, topic, body, qos) => {
      const real = (options.links ?? 'platform') === 'real';
      if (spool && !real && devicePublishAllowed(options.sn, topic)) {
        spool.push(topic, body);
        events.emit('held', { topic, body, pending: spool.size });
        void drain();
        return;
      }
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
    const ports = buses ? Object.keys(buses) : (options.serialPorts ?? ['COM1', 'COM2']);
    if (parsed.success && !ports.includes(parsed.data.serial.portName)) {
      reasons.push(encodeDeviceReason({ key: 'gateway.bus.noPort', params: { port: parsed.data.serial.portName, ports: ports.join(', ') } }));
    }
    return reasons;
  };

  /** The bus of a flow's port, opened with its serial settings; or the reasons it cannot be. */
  const openBus = async (flow: FlowDocument): Promise<{ bus: SerialPort; reasons: string[] }> => {
    const port = flow.serial.portName;
    const spec = buses?.[port];
    if (!spec || spec.kind === 'sim') {
      return { bus: new SimulatedSerialPort(bus, flow.serial.baudRate), reasons: [] };
    }
    const real: Bus = createBus(spec, flow.serial);
    try {
      await real.open();
      return { bus: real, reasons: [] };
    } catch {
      const problem = real.problem();
      await real.close();
      const path = spec.kind === 'serial' ? spec.path : busLabel(spec);
      const reason =
        spec.kind === 'serial'
          ? problem?.message.endsWith('does not exist')
            ? encodeDeviceReason({ key: 'gateway.bus.portMissing', params: { port, path } })
            : encodeDeviceReason({ key: 'gateway.bus.openFailed', params: { port, path, error: problem?.message ?? 'unknown error' } })
          : encodeDeviceReason({ key: 'gateway.bus.unreachable', params: { port, bus: path, error: problem?.message ?? 'unknown error' } });
      log(`${options.sn} ${port}: ${problem?.message ?? 'cannot open'}`);
      return { bus: real, reasons: [reason] };
    }
  };

  const closeBus = async (serial: SerialPort | null) => {
    await (serial as Partial<Bus> | null)?.close?.().catch(() => undefined);
  };

  const onRunnerEvent = (event: RunnerEvent) => {
    if (event.type === 'rxProblem') {
      log(`${options.sn} ${rxProblemText(event, state.flow?.serial.portName ?? '')}`);
    } else if (event.type === 'error') {
      const name = state.flow?.nodes.find((n) => n.id === event.nodeId)?.name ?? event.nodeId;
      log(`${options.sn} node "${name}": ${event.message}`);
    }
    events.emit('runner', event);
  };

  /** Stops the running flow and frees its bus (a serial port is opened by one at a time). */
  const stopRunner = async () => {
    await runner?.stop();
    runner = null;
    await closeBus(currentBus);
    currentBus = null;
    state.bus = null;
  };

  /** Runs `flow` on its bus; the reasons when the bus cannot be opened (nothing runs then). */
  const apply = async (flow: FlowDocument, version: number | null): Promise<string[]> => {
    await stopRunner();
    const opened = await openBus(flow);
    if (opened.reasons.length > 0) {
      return opened.reasons;
    }
    state.flow = flow;
    state.configVersion = version;
    for (const c of linkClients.values()) {
      c.end(true);
    }
    linkClients.clear();
    currentBus = opened.bus;
    state.bus = opened.bus.label ?? 'sim';
    runner = new FlowRunner(flow, {
      sn: options.sn,
      secret: options.secret,
      serial: opened.bus,
      links,
      onEvent: onRunnerEvent,
      ...(options.http ? { http: options.http } : {}),
    });
    await runner.start();
    if (options.stateFile) {
      try {
        mkdirSync(path.dirname(options.stateFile), { recursive: true });
        writeFileSync(`${options.stateFile}.tmp`, JSON.stringify({ version, flow }));
        renameSync(`${options.stateFile}.tmp`, options.stateFile);
      } catch (error) {
        log(`${options.sn} could not keep the applied flow in ${options.stateFile}: ${(error as Error).message}`);
      }
    }
    return [];
  };

  /**
   * Detection against the real bus: each read inquiry (functions 01–04) followed by its parser is
   * asked once, with the parser's timeout and retries; silence, a bad CRC, an exception or a line
   * that does not open become reasons. Writes are never sent. The running flow pauses meanwhile
   * (it shares the port) and resumes after.
   */
  const probe = async (flow: FlowDocument): Promise<string[]> => {
    const spec = buses?.[flow.serial.portName];
    if (!spec || spec.kind === 'sim') {
      return [];
    }
    const resume = state.flow ? { flow: state.flow, version: state.configVersion } : null;
    await stopRunner();
    try {
      const opened = await openBus(flow);
      if (opened.reasons.length > 0) {
        return opened.reasons;
      }
      const reasons: string[] = [];
      // The console waits 60 s for the answer: inquiries after 40 s are not asked.
      const deadline = Date.now() + 40_000;
      try {
        for (const edge of flow.edges) {
          if (Date.now() > deadline) {
            break;
          }
          const tx = flow.nodes.find((n) => n.id === edge.from);
          const rx = flow.nodes.find((n) => n.id === edge.to);
          if (tx?.kind !== 'serialTx' || rx?.kind !== 'serialRx') {
            continue;
          }
          const fn = Number.parseInt(tx.packet.split(' ')[1] ?? '', 16);
          if (!(fn >= 1 && fn <= 4)) {
            continue;
          }
          const doc: FlowDocument = {
            ...flow,
            startMode: { kind: 'server' },
            nodes: [flow.nodes.find((n) => n.kind === 'start')!, tx, { ...rx, timeout: undefined }],
            edges: [
              { from: flow.nodes.find((n) => n.kind === 'start')!.id, to: tx.id },
              { from: tx.id, to: rx.id },
            ],
          };
          const test = new FlowRunner(doc, {
            sn: options.sn,
            serial: opened.bus,
            links: { publish: async () => undefined, subscribe: async () => undefined },
            onEvent: (event) => {
              if (event.type === 'rxProblem') {
                log(`${options.sn} detection: ${rxProblemText(event, flow.serial.portName)}`);
                reasons.push(rxProblemReason(event, flow.serial.portName));
              }
            },
          });
          await test.runOnce();
        }
      } finally {
        await closeBus(opened.bus);
      }
      return reasons;
    } finally {
      if (resume && !closing) {
        const failed = await apply(resume.flow, resume.version);
        if (failed.length > 0) {
          log(`${options.sn} the running flow could not resume after detection: ${failed.join('; ')}`);
        }
      }
    }
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
        if (reasons.length === 0) {
          reasons.push(...(await probe(flowDocumentSchema.parse(command.flow))));
        }
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
        const previous = state.flow ? { flow: state.flow, version: state.configVersion } : null;
        const failed = await apply(command.flow, command.version);
        if (failed.length > 0) {
          // The new document cannot run here: the one before keeps running (rolled back on the device).
          if (previous) {
            await apply(previous.flow, previous.version);
          }
          await send({ type: 'configResult', cmdId: command.cmdId, ok: false, version: command.version, reasons: failed });
          log(`${options.sn} refused config version ${command.version}: ${failed.join('; ')}`);
          events.emit('configFailed', failed);
          return;
        }
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

  if (options.stateFile && existsSync(options.stateFile)) {
    try {
      const kept = JSON.parse(readFileSync(options.stateFile, 'utf8')) as { version: number | null; flow: unknown };
      const flow = flowDocumentSchema.parse(kept.flow);
      const failed = await apply(flow, kept.version);
      log(failed.length > 0 ? `${options.sn} the kept flow (version ${kept.version}) cannot run: ${failed.join('; ')}` : `${options.sn} running the kept flow (version ${kept.version}) on ${state.bus}`);
    } catch (error) {
      log(`${options.sn} ignored ${options.stateFile}: ${(error as Error).message}`);
    }
  }

  const handle: SimulatedGateway = {
    sn: options.sn,
    state,
    slave,
    spool,
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
      await stopRunner();
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

/** A telemetry body (a JSON object) without `ts` gets the time it was made, so a held value keeps it. */
function withTs(topic: string, body: string, at: number, sn: string): string {
  if (topic !== deviceTopics.telemetry(sn)) {
    return body;
  }
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && !('ts' in parsed)) {
      return JSON.stringify({ ...parsed, ts: at });
    }
  } catch {
    // not JSON: forwarded as it is
  }
  return body;
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) {
    h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  }
  return h >>> 0;
}
