import net from 'node:net';
import { existsSync } from 'node:fs';
import { crcValid, formatHexPacket, withCrc, type FlowDocument } from '@smartdata/domain';
import { FrameQueue, type SerialPort as FlowSerialPort } from './flowRunner';

/**
 * The buses a flow's serial TX and RX nodes talk to (issue 34). Every transport carries the flow's
 * own RTU frames (address, function, data, CRC16): the TX packet as written (or with its CRC
 * appended), the RX parser's offsets and CRC check unchanged.
 *
 * - `serial:/dev/ttyUSB0` — a serial port (the npm `serialport` package) with the flow's serial
 *   settings (baud rate, check bit, data bits, stop bits; spec §3).
 * - `rtu-tcp://host:port` — raw RTU frames over a TCP socket (serial device servers).
 * - `tcp://host:502` — Modbus TCP: the RTU frame's address becomes the MBAP unit id, the CRC is
 *   dropped on the way out; the reply's PDU comes back as an RTU frame with a fresh CRC16, so the
 *   parser reads the same bytes at the same offsets. Transaction ids count up; a reply with
 *   another id (a late one) is dropped.
 * - `sim` — the in-process simulated slave (today's SimulatedSerialPort).
 */
export type BusSpec = { kind: 'serial'; path: string } | { kind: 'tcp'; host: string; port: number } | { kind: 'rtu-tcp'; host: string; port: number } | { kind: 'sim' };

/** Why an inquiry got nothing usable, kept until the next good frame. */
export interface BusProblem {
  kind: 'unreachable' | 'openFailed';
  message: string;
}

export interface Bus extends FlowSerialPort {
  /** The bus as a user reads it: `serial:/dev/ttyUSB0 9600 8N1`, `tcp://10.0.0.5:502`. */
  readonly label: string;
  /** Opens the line (a port, a socket); rejects with a message a user can act on. */
  open(): Promise<void>;
  close(): Promise<void>;
  /** The line's last failure (refused, port missing), null once it works. */
  problem(): BusProblem | null;
}

export class BusSpecError extends Error {}

/** `serial:/dev/ttyUSB0`, `tcp://host:502`, `rtu-tcp://host:port`, `sim`. */
export function parseBusSpec(text: string): BusSpec {
  const value = text.trim();
  if (value === 'sim') {
    return { kind: 'sim' };
  }
  if (value.startsWith('serial:')) {
    const path = value.slice('serial:'.length);
    if (!path) {
      throw new BusSpecError(`"${text}": a serial bus names its port, e.g. serial:/dev/ttyUSB0`);
    }
    return { kind: 'serial', path };
  }
  const match = /^(tcp|rtu-tcp):\/\/([^/:]+|\[[^\]]+\]):(\d{1,5})\/?$/.exec(value);
  if (match) {
    const port = Number(match[3]);
    if (port < 1 || port > 65535) {
      throw new BusSpecError(`"${text}": port ${port} is not 1–65535`);
    }
    return { kind: match[1] as 'tcp' | 'rtu-tcp', host: match[2].replace(/^\[|\]$/g, ''), port };
  }
  throw new BusSpecError(`"${text}" is not a bus: use serial:/dev/ttyUSB0, tcp://host:502 or rtu-tcp://host:port`);
}

export function busLabel(spec: BusSpec, serial?: FlowDocument['serial']): string {
  switch (spec.kind) {
    case 'serial':
      return serial ? `serial:${spec.path} ${serial.baudRate} ${serial.dataBits}${serial.checkBit[0].toUpperCase()}${serial.stopBits}` : `serial:${spec.path}`;
    case 'sim':
      return 'sim';
    default:
      return `${spec.kind}://${spec.host}:${spec.port}`;
  }
}

/** Modbus exception codes and their standard names. */
export const modbusExceptions: Record<number, string> = {
  1: 'illegal function',
  2: 'illegal data address',
  3: 'illegal data value',
  4: 'slave device failure',
  5: 'acknowledge',
  6: 'slave device busy',
  8: 'memory parity error',
  10: 'gateway path unavailable',
  11: 'gateway target device failed to respond',
};

/**
 * The length of an RTU reply once its first bytes are in, or null when it cannot be told (an
 * unknown function: the frame ends with the line's silence).
 */
export function rtuReplyLength(bytes: readonly number[]): number | null {
  if (bytes.length < 2) {
    return null;
  }
  const fn = bytes[1];
  if (fn & 0x80) {
    return 5;
  }
  if (fn >= 1 && fn <= 4) {
    return bytes.length >= 3 ? 5 + bytes[2] : null;
  }
  if (fn === 5 || fn === 6 || fn === 15 || fn === 16) {
    return 8;
  }
  return null;
}

/**
 * Cuts a byte stream into RTU frames: a reply whose length the function tells ends there; anything
 * else (garbage from a wrong baud rate, an unknown function) ends after `gapMs` of silence and goes
 * to the parser as it is, where its CRC check fails.
 */
export class RtuFramer {
  private buffer: number[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly onFrame: (frame: number[]) => void,
    private readonly gapMs: number,
  ) {}

  push(chunk: Uint8Array): void {
    for (const byte of chunk) {
      this.buffer.push(byte);
    }
    for (;;) {
      const length = rtuReplyLength(this.buffer);
      if (length === null || this.buffer.length < length) {
        break;
      }
      this.emit(this.buffer.splice(0, length));
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.buffer.length > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.emit(this.buffer.splice(0));
      }, this.gapMs);
    }
  }

  /** Drops a partial frame (before a new inquiry). */
  reset(): void {
    this.buffer = [];
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private emit(frame: number[]): void {
    if (frame.length > 0) {
      this.onFrame(frame);
    }
  }
}

/** A byte line (a serial port, a TCP socket) the stream buses write to and read from. */
interface Line {
  write(bytes: Buffer): void;
  close(): Promise<void>;
}

/**
 * What the serial port, RTU over TCP and Modbus TCP buses share: the line opens lazily (at `open`,
 * again on a send after it dropped, at most once a second), frames are queued for `receive`, and a
 * new inquiry drops what was left unasked (a late reply to the previous attempt).
 */
abstract class LineBus implements Bus {
  abstract readonly label: string;
  protected readonly frames = new FrameQueue();
  private line: Line | null = null;
  private opening: Promise<void> | null = null;
  private lastAttempt = 0;
  private lastProblem: BusProblem | null = null;
  private closed = false;
  private queued: Buffer[] = [];

  protected abstract connect(onData: (chunk: Buffer) => void, onClose: (error?: Error) => void): Promise<Line>;
  protected abstract encode(frame: number[]): Buffer;
  protected abstract decode(chunk: Buffer): void;
  protected abstract problemOf(error: Error): BusProblem;
  protected resetInput(): void {}

  problem(): BusProblem | null {
    return this.lastProblem;
  }

  open(): Promise<void> {
    this.closed = false;
    if (this.line) {
      return Promise.resolve();
    }
    if (!this.opening) {
      this.lastAttempt = Date.now();
      this.opening = this.connect(
        (chunk) => this.decode(chunk),
        (error) => {
          this.line = null;
          if (error && !this.closed) {
            this.lastProblem = this.problemOf(error);
          }
        },
      )
        .then((line) => {
          if (this.closed) {
            void line.close();
            return;
          }
          this.line = line;
          this.lastProblem = null;
          for (const bytes of this.queued.splice(0)) {
            line.write(bytes);
          }
        })
        .catch((error: Error) => {
          this.queued = [];
          this.lastProblem = this.problemOf(error);
          throw new Error(this.lastProblem.message);
        })
        .finally(() => {
          this.opening = null;
        });
    }
    return this.opening;
  }

  send(frame: number[]): void {
    this.frames.clear();
    this.resetInput();
    const bytes = this.encode(frame);
    if (this.line) {
      this.line.write(bytes);
      return;
    }
    if (this.opening) {
      this.queued = [bytes];
      return;
    }
    if (this.closed || Date.now() - this.lastAttempt < 1000) {
      return; // the line is down: the inquiry is lost, the parser's timeout and retries follow
    }
    this.queued = [bytes];
    this.open().catch(() => undefined);
  }

  receive(timeoutMs: number): Promise<number[] | null> {
    return this.frames.receive(timeoutMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.opening?.catch(() => undefined);
    const line = this.line;
    this.line = null;
    await line?.close();
  }
}

function socketLine(host: string, port: number, connectTimeoutMs: number, onData: (chunk: Buffer) => void, onClose: (error?: Error) => void): Promise<Line> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    const timer = setTimeout(() => socket.destroy(new Error(`connect timed out after ${connectTimeoutMs} ms`)), connectTimeoutMs);
    let open = false;
    socket.once('connect', () => {
      clearTimeout(timer);
      open = true;
      resolve({
        write: (bytes) => void socket.write(bytes),
        close: () =>
          new Promise<void>((done) => {
            socket.once('close', () => done());
            socket.end();
            setTimeout(() => socket.destroy(), 200).unref();
          }),
      });
    });
    socket.on('data', onData);
    let failure: Error | undefined;
    socket.on('error', (error) => {
      failure = error;
      if (!open) {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.on('close', () => {
      if (open) {
        onClose(failure ?? new Error('the connection was closed by the other end'));
      }
    });
  });
}

/** A line that carries raw RTU frames, told apart by the silence between them. */
abstract class RtuLineBus extends LineBus {
  private readonly framer: RtuFramer;

  constructor(silenceMs: number) {
    super();
    this.framer = new RtuFramer((frame) => this.frames.deliver(frame), silenceMs);
  }

  protected encode(frame: number[]): Buffer {
    return Buffer.from(frame);
  }

  protected decode(chunk: Buffer): void {
    this.framer.push(chunk);
  }

  protected override resetInput(): void {
    this.framer.reset();
  }
}

/** Raw RTU frames over TCP (a serial device server in transparent mode). */
export class RtuOverTcpBus extends RtuLineBus {
  readonly label: string;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly connectTimeoutMs = 2000,
  ) {
    super(30);
    this.label = `rtu-tcp://${host}:${port}`;
  }

  protected connect(onData: (chunk: Buffer) => void, onClose: (error?: Error) => void): Promise<Line> {
    return socketLine(this.host, this.port, this.connectTimeoutMs, onData, onClose);
  }

  protected problemOf(error: Error): BusProblem {
    return { kind: 'unreachable', message: `${this.label}: ${error.message}` };
  }
}

/** Modbus TCP: MBAP header (transaction id, protocol 0, length, unit id) and the PDU. */
export class ModbusTcpBus extends LineBus {
  readonly label: string;
  private transaction = 0;
  private expected = -1;
  private input = Buffer.alloc(0);

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly connectTimeoutMs = 2000,
  ) {
    super();
    this.label = `tcp://${host}:${port}`;
  }

  protected connect(onData: (chunk: Buffer) => void, onClose: (error?: Error) => void): Promise<Line> {
    return socketLine(this.host, this.port, this.connectTimeoutMs, onData, onClose);
  }

  /** The RTU frame's address is the unit id; its CRC (when it is one) stays behind. */
  protected encode(frame: number[]): Buffer {
    const unit = frame[0] ?? 0;
    const pdu = frame.length >= 4 && crcValid(frame) ? frame.slice(1, -2) : frame.slice(1);
    this.transaction = (this.transaction + 1) & 0xffff;
    this.expected = this.transaction;
    const header = Buffer.alloc(7);
    header.writeUInt16BE(this.transaction, 0);
    header.writeUInt16BE(0, 2);
    header.writeUInt16BE(pdu.length + 1, 4);
    header.writeUInt8(unit, 6);
    return Buffer.concat([header, Buffer.from(pdu)]);
  }

  protected decode(chunk: Buffer): void {
    this.input = Buffer.concat([this.input, chunk]);
    while (this.input.length >= 7) {
      const length = this.input.readUInt16BE(4);
      if (length < 2 || length > 254 || this.input.readUInt16BE(2) !== 0) {
        this.input = Buffer.alloc(0); // not MBAP: resynchronise on the next reply
        return;
      }
      if (this.input.length < 6 + length) {
        return;
      }
      const adu = this.input.subarray(0, 6 + length);
      this.input = this.input.subarray(6 + length);
      if (adu.readUInt16BE(0) !== this.expected) {
        continue; // a late reply to an earlier inquiry
      }
      this.frames.deliver(withCrc([...adu.subarray(6)]));
    }
  }

  protected override resetInput(): void {
    this.input = Buffer.alloc(0);
  }

  protected problemOf(error: Error): BusProblem {
    return { kind: 'unreachable', message: `${this.label}: ${error.message}` };
  }
}

/** A serial port through the `serialport` package, with the flow's serial settings. */
export class SerialLineBus extends RtuLineBus {
  readonly label: string;

  constructor(
    private readonly path: string,
    private readonly settings: FlowDocument['serial'],
  ) {
    // 3.5 characters of 11 bits at the baud rate, at least 10 ms (USB adapters deliver in chunks).
    super(Math.max(10, Math.ceil((3.5 * 11 * 1000) / settings.baudRate)));
    this.label = busLabel({ kind: 'serial', path }, settings);
  }

  protected async connect(onData: (chunk: Buffer) => void, onClose: (error?: Error) => void): Promise<Line> {
    if (!existsSync(this.path)) {
      throw Object.assign(new Error(`no such port ${this.path}`), { code: 'ENOENT' });
    }
    const { SerialPort } = await import('serialport');
    const port = new SerialPort({
      path: this.path,
      baudRate: this.settings.baudRate,
      parity: this.settings.checkBit,
      dataBits: this.settings.dataBits,
      stopBits: this.settings.stopBits,
      autoOpen: false,
    });
    await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
    port.on('data', onData);
    port.on('close', (error?: Error | null) => onClose(error ?? undefined));
    port.on('error', () => undefined);
    return {
      write: (bytes) => void port.write(bytes),
      close: () =>
        new Promise<void>((resolve) => {
          if (!port.isOpen) {
            resolve();
            return;
          }
          port.close(() => resolve());
        }),
    };
  }

  protected problemOf(error: Error): BusProblem {
    if ((error as { disconnected?: boolean }).disconnected) {
      return { kind: 'openFailed', message: `the serial port ${this.path} was disconnected (adapter unplugged?)` };
    }
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ENOENT' || /no such file|cannot open|ENOENT/i.test(error.message);
    return { kind: 'openFailed', message: missing ? `the serial port ${this.path} does not exist` : `the serial port ${this.path} cannot be opened: ${error.message}` };
  }
}

/** The bus of a spec with the flow's serial settings (`sim` has no bus here: the gateway makes its slave). */
export function createBus(spec: Exclude<BusSpec, { kind: 'sim' }>, serial: FlowDocument['serial']): Bus {
  switch (spec.kind) {
    case 'serial':
      return new SerialLineBus(spec.path, serial);
    case 'tcp':
      return new ModbusTcpBus(spec.host, spec.port);
    case 'rtu-tcp':
      return new RtuOverTcpBus(spec.host, spec.port);
  }
}

/** A frame for a log line. */
export function frameText(frame: readonly number[]): string {
  return frame.length > 32 ? `${formatHexPacket(frame.slice(0, 32))} …(${frame.length} bytes)` : formatHexPacket(frame);
}
