import { crcValid, extractValue, formatHexPacket, parseHexPacket, topicForDevice, withCrc, type FlowDocument, type FlowNode } from '@smartdata/domain';

/** The gateway's serial port: one request out, the reply (or silence) back. */
export interface SerialPort {
  /** Sends a frame; the reply, if any, arrives through `receive`. */
  send(frame: number[]): void;
  /** The next frame received within `timeoutMs`, or null. */
  receive(timeoutMs: number): Promise<number[] | null>;
  /** Why the line cannot carry an inquiry now (a port that does not open, a refused socket), if known. */
  problem?(): { kind: 'unreachable' | 'openFailed'; message: string } | null;
  /** The bus as a user reads it (`serial:/dev/ttyUSB0 9600 8N1`, `tcp://host:502`). */
  readonly label?: string;
}

/** Why a serial RX parser got no usable reply, after its retries: what a user can act on. */
export type RxProblem =
  | { kind: 'noReply'; address: number }
  | { kind: 'badCrc'; frame: string }
  | { kind: 'exception'; address: number; code: number }
  | { kind: 'unreachable' | 'openFailed'; message: string };

/** Where MQTT nodes publish and subscribe, per link id. */
export interface LinkBus {
  publish(linkId: string, topic: string, body: string, qos: 0 | 1): Promise<void>;
  subscribe(linkId: string, topic: string, onMessage: (payload: string) => void): Promise<void>;
}

export type RunnerEvent =
  | { type: 'tx'; nodeId: string; frame: string; attempt: number }
  | { type: 'rx'; nodeId: string; frame: string; values: Record<string, number | string> }
  | { type: 'retry'; nodeId: string; attempt: number }
  | { type: 'timeout'; nodeId: string; message: string }
  | { type: 'rxProblem'; nodeId: string; nodeName: string; attempts: number; bus: string; problem: RxProblem }
  | { type: 'published'; nodeId: string; linkId: string; topic: string; body: string }
  | { type: 'http'; nodeId: string; url: string; status: number | null }
  | { type: 'edge'; nodeId: string; value: number; matched: number | null }
  | { type: 'runDone'; run: number; ms: number }
  | { type: 'error'; nodeId: string; message: string };

export interface FlowRunnerOptions {
  sn: string;
  serial: SerialPort;
  links: LinkBus;
  onEvent?: (event: RunnerEvent) => void;
  /** HTTP request nodes; default fetch with a 5 s limit. */
  http?: (url: string, method: string, body: string) => Promise<number>;
  /**
   * The gateway's own secret: an HTTP request node aimed at the console's HTTP device API
   * (`/general/device-api/…`) signs in with the SN and this (HTTP Basic), so the flow document
   * needs no secret in its URL.
   */
  secret?: string;
  now?: () => number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/**
 * Executes a flow document as the gateway's firmware does: the chain from Start, once after a
 * delay, in a loop, or on each server trigger. Serial RX parsers wait for the reply, check its
 * CRC16, ask again up to `retries` times, and then take their timeout handling (the next node,
 * an MQTT publish or HTTP request, with the timeout body). Bodies get `{{name}}` and
 * `{{name.key}}` of stored nodes; topics get `{sn}`.
 */
export class FlowRunner {
  /** Values of stored nodes by node name. */
  readonly stored = new Map<string, unknown>();
  runs = 0;
  private readonly abort = new AbortController();
  private lastTx: number[] | null = null;
  private lastFrame: number[] | null = null;
  private running: Promise<void> | null = null;
  private readonly byId: Map<string, FlowNode>;

  constructor(
    readonly doc: FlowDocument,
    private readonly options: FlowRunnerOptions,
  ) {
    this.byId = new Map(doc.nodes.map((n) => [n.id, n]));
  }

  /** Starts by the document's start mode; subscriptions are made first. */
  async start(): Promise<void> {
    for (const node of this.doc.nodes) {
      if (node.kind === 'mqttSubscribe') {
        await this.options.links.subscribe(node.linkId, topicForDevice(node.topic, this.options.sn), (payload) => this.stored.set(node.name, parsePayload(payload)));
      }
    }
    const mode = this.doc.startMode;
    if (mode.kind === 'delay') {
      this.running = (async () => {
        await sleep(mode.delayMs ?? 0, this.abort.signal);
        await this.runOnce();
      })();
    } else if (mode.kind === 'loop') {
      this.running = (async () => {
        while (!this.abort.signal.aborted) {
          await this.runOnce();
          await sleep(mode.intervalMs ?? 1000, this.abort.signal);
        }
      })();
    }
  }

  /** Server-triggered execution (and a direct call in tests). */
  trigger(): Promise<void> {
    return this.runOnce();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** One pass along the chain from Start. */
  async runOnce(): Promise<void> {
    const started = (this.options.now ?? Date.now)();
    this.runs += 1;
    let current: string | undefined = this.next('start');
    const seen = new Set<string>();
    while (current && !this.abort.signal.aborted && !seen.has(current)) {
      seen.add(current);
      const node = this.byId.get(current);
      if (!node) {
        break;
      }
      const outcome = await this.execute(node);
      if (outcome === 'stop') {
        break;
      }
      current = this.next(node.id);
    }
    this.emit({ type: 'runDone', run: this.runs, ms: (this.options.now ?? Date.now)() - started });
  }

  private next(id: string): string | undefined {
    return this.doc.edges.find((e) => e.from === id)?.to;
  }

  private emit(event: RunnerEvent): void {
    this.options.onEvent?.(event);
  }

  private async execute(node: FlowNode, bodyOverride?: string): Promise<'next' | 'stop'> {
    switch (node.kind) {
      case 'start':
      case 'mqttSubscribe':
        return 'next';
      case 'serialTx': {
        const bytes = parseHexPacket(node.packet);
        this.lastTx = node.appendCrc ? withCrc(bytes) : bytes;
        this.options.serial.send(this.lastTx);
        this.emit({ type: 'tx', nodeId: node.id, frame: formatHexPacket(this.lastTx), attempt: 1 });
        return 'next';
      }
      case 'serialRx': {
        // The most telling of the attempts' problems: an exception, a bad CRC, the line, silence.
        const seen: { problem: RxProblem | null } = { problem: null };
        const rank = (p: RxProblem | null) => (p === null ? 0 : p.kind === 'noReply' ? 1 : p.kind === 'unreachable' || p.kind === 'openFailed' ? 2 : p.kind === 'badCrc' ? 3 : 4);
        const note = (next: RxProblem) => {
          if (rank(next) >= rank(seen.problem)) {
            seen.problem = next;
          }
        };
        for (let attempt = 0; attempt <= node.retries; attempt += 1) {
          if (attempt > 0) {
            // Ask again: the inquiry before this parser is sent once more.
            this.emit({ type: 'retry', nodeId: node.id, attempt });
            if (this.lastTx) {
              this.options.serial.send(this.lastTx);
              this.emit({ type: 'tx', nodeId: node.id, frame: formatHexPacket(this.lastTx), attempt: attempt + 1 });
            }
          }
          const frame = await this.options.serial.receive(node.timeoutMs);
          if (this.abort.signal.aborted) {
            return 'stop';
          }
          if (!frame) {
            const line = this.options.serial.problem?.();
            note(line ?? { kind: 'noReply', address: this.lastTx?.[0] ?? 0 });
            continue;
          }
          if (node.crc && !crcValid(frame)) {
            note({ kind: 'badCrc', frame: formatHexPacket(frame.slice(0, 32)) });
            continue;
          }
          if ((frame[1] ?? 0) & 0x80) {
            note({ kind: 'exception', address: frame[0] ?? 0, code: frame[2] ?? 0 });
            continue;
          }
          this.lastFrame = frame;
          const values: Record<string, number | string> = {};
          for (const e of node.extractions) {
            try {
              values[e.key] = extractValue(frame, e);
            } catch (error) {
              this.emit({ type: 'error', nodeId: node.id, message: (error as Error).message });
            }
          }
          this.stored.set(node.name, values);
          this.emit({ type: 'rx', nodeId: node.id, frame: formatHexPacket(frame), values });
          return 'next';
        }
        this.stored.delete(node.name);
        if (seen.problem) {
          this.emit({ type: 'rxProblem', nodeId: node.id, nodeName: node.name, attempts: node.retries + 1, bus: this.options.serial.label ?? 'sim', problem: seen.problem });
        }
        this.emit({ type: 'timeout', nodeId: node.id, message: node.timeout?.message ?? '' });
        const handler = node.timeout ? this.byId.get(node.timeout.next) : undefined;
        if (handler && node.timeout) {
          await this.execute(handler, node.timeout.body);
        }
        return 'stop';
      }
      case 'mqttPublish': {
        const body = this.render(bodyOverride ?? node.body);
        const topic = topicForDevice(node.topic, this.options.sn);
        try {
          await this.options.links.publish(node.linkId, topic, body, node.qos);
          this.emit({ type: 'published', nodeId: node.id, linkId: node.linkId, topic, body });
        } catch (error) {
          this.emit({ type: 'error', nodeId: node.id, message: (error as Error).message });
        }
        return 'next';
      }
      case 'httpRequest': {
        const body = this.render(bodyOverride ?? node.body);
        const http = this.options.http ?? ((url: string, method: string, text: string) => defaultHttp(url, method, text, { sn: this.options.sn, secret: this.options.secret }));
        // `{sn}` in the URL is the gateway's own SN, as in topics (the device API's URL holds it).
        const url = node.url.replaceAll('{sn}', this.options.sn);
        const status = await http(url, node.method, body).catch(() => null);
        this.emit({ type: 'http', nodeId: node.id, url, status });
        return 'next';
      }
      case 'wait':
        await sleep(node.ms, this.abort.signal);
        return 'next';
      case 'timestamp': {
        const ms = (this.options.now ?? Date.now)();
        this.stored.set(node.name, node.digits === 10 ? Math.floor(ms / 1000) : ms);
        return 'next';
      }
      case 'passthrough': {
        const frame = this.lastFrame ?? [];
        this.stored.set(node.name, node.format === 'hexString' ? formatHexPacket(frame) : formatHexPacket(frame).replaceAll(' ', ''));
        return 'next';
      }
      case 'edgeCompute': {
        const source = this.stored.get(node.source);
        const value = typeof source === 'number' ? source : typeof source === 'object' && source !== null ? Number(Object.values(source)[0]) : Number(source);
        let matched: number | null = null;
        node.conditions.forEach((c, index) => {
          if (matched === null && c.operator !== undefined && c.value !== undefined && c.value !== '' && compare(value, c.operator, Number(c.value))) {
            matched = index + 1;
            if (c.packet) {
              // A condition's packet has no "append CRC" switch: one that does not end with its
              // CRC16 gets it (without it no RTU slave would act on it).
              const packet = parseHexPacket(c.packet);
              this.options.serial.send(crcValid(packet) ? packet : withCrc(packet));
            }
          }
        });
        this.stored.set(node.name, matched ?? 0);
        this.emit({ type: 'edge', nodeId: node.id, value, matched });
        return 'next';
      }
      default:
        return 'next';
    }
  }

  /** `{{name}}` and `{{name.key}}` of stored nodes; numbers as they are, strings raw, missing as null. */
  render(body: string): string {
    return body.replace(/\{\{\s*([^}.\s]+)(?:\.([^}\s]+))?\s*\}\}/g, (_whole, name: string, key?: string) => {
      let value = this.stored.get(name);
      if (key !== undefined) {
        value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
      }
      if (value === undefined || value === null) {
        return 'null';
      }
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    });
  }
}

function compare(a: number, operator: string, b: number): boolean {
  switch (operator) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    default:
      return false;
  }
}

function parsePayload(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

/**
 * fetch with a 5 s limit. Credentials in the URL (`http://user:pass@host/…`, which fetch refuses)
 * become an HTTP Basic header; without them a request to the console's HTTP device API carries
 * the gateway's SN and secret.
 */
export async function defaultHttp(url: string, method: string, body: string, device: { sn: string; secret?: string } = { sn: '' }): Promise<number> {
  const target = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (target.username) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`;
    target.username = '';
    target.password = '';
  } else if (device.secret && target.pathname.startsWith('/general/device-api/')) {
    headers.authorization = `Basic ${Buffer.from(`${device.sn}:${device.secret}`).toString('base64')}`;
  }
  const response = await fetch(target, { method, body: method === 'GET' ? undefined : body, headers, signal: AbortSignal.timeout(5000) });
  return response.status;
}

/** Frames received and not yet asked for; a waiting `receive` gets the next at once. */
export class FrameQueue {
  private pending: number[][] = [];
  private waiter: ((frame: number[]) => void) | null = null;

  deliver(frame: number[]): void {
    if (this.waiter) {
      const resolve = this.waiter;
      this.waiter = null;
      resolve(frame);
    } else {
      this.pending.push(frame);
      if (this.pending.length > 16) {
        this.pending.shift();
      }
    }
  }

  clear(): void {
    this.pending = [];
  }

  receive(timeoutMs: number): Promise<number[] | null> {
    const ready = this.pending.shift();
    if (ready) {
      return Promise.resolve(ready);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve(null);
      }, timeoutMs);
      this.waiter = (frame) => {
        clearTimeout(timer);
        resolve(frame);
      };
    });
  }
}

/**
 * The serial line to a simulated slave: the reply arrives after the time the bytes take on the
 * wire at the configured baud rate (10 bits per byte) plus the slave's turnaround.
 */
export class SimulatedSerialPort implements SerialPort {
  readonly label = 'sim';
  private readonly frames = new FrameQueue();

  constructor(
    private readonly slave: { handle(frame: readonly number[]): number[] | null },
    private readonly baudRate = 9600,
    private readonly turnaroundMs = 5,
  ) {}

  send(frame: number[]): void {
    const reply = this.slave.handle(frame);
    if (!reply) {
      return;
    }
    const wireMs = ((frame.length + reply.length) * 10 * 1000) / this.baudRate + this.turnaroundMs;
    setTimeout(() => this.frames.deliver(reply), wireMs);
  }

  receive(timeoutMs: number): Promise<number[] | null> {
    return this.frames.receive(timeoutMs);
  }
}
