import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { ServerSerial, ServerTCP, type IServiceVector } from 'modbus-serial';

/**
 * Test fixtures: Modbus slaves nobody here wrote (the npm package modbus-serial's ServerTCP and
 * ServerSerial) with fixed registers, and serial pty pairs made by Debian's socat.
 *
 * | unit | table | registers | value |
 * |---|---|---|---|
 * | 1 | holding | 0, 1 | temperature 21.5 (215, int16), humidity 45.3 (453) |
 * | 2 | input | 0x10–0x11 | power 5234.5 W, float32 high word first |
 * | 5 | holding | 0x20–0x21 | flow total 3 000 123 (uint32) |
 * | any | coil | — | writes are recorded in `coils` |
 *
 * Anything else answers exception 02 (illegal data address).
 */
export interface MeterVector {
  coils: Map<string, boolean>;
  reads: number;
  /** Registers by unit and table, to change between reads. */
  holding: Map<number, Map<number, number>>;
  input: Map<number, Map<number, number>>;
}

export const meterValues = { temperature: 21.5, humidity: 45.3, power: 5234.5, total: 3_000_123 };

/** With `counting`, unit 1's humidity register counts up on each read (401, 402, …): every reading its own value. */
export function meterVector(options: { counting?: boolean } = {}): MeterVector & IServiceVector {
  const float = new DataView(new ArrayBuffer(4));
  float.setFloat32(0, meterValues.power);
  const holding = new Map<number, Map<number, number>>([
    [1, new Map([[0, 215], [1, 453]])],
    [5, new Map([[0x20, meterValues.total >>> 16], [0x21, meterValues.total & 0xffff]])],
  ]);
  const input = new Map<number, Map<number, number>>([[2, new Map([[0x10, float.getUint16(0)], [0x11, float.getUint16(2)]])]]);
  const coils = new Map<string, boolean>();
  let counter = 0;
  const vector = {
    coils,
    holding,
    input,
    reads: 0,
    getHoldingRegister(addr: number, unitID: number): number {
      vector.reads += 1;
      if (options.counting && unitID === 1 && addr === 1) {
        counter += 1;
        return 400 + counter;
      }
      const value = holding.get(unitID)?.get(addr);
      if (value === undefined) {
        throw Object.assign(new Error(`no holding register ${addr} on unit ${unitID}`), { modbusErrorCode: 0x02 });
      }
      return value;
    },
    getInputRegister(addr: number, unitID: number): number {
      vector.reads += 1;
      const value = input.get(unitID)?.get(addr);
      if (value === undefined) {
        throw Object.assign(new Error(`no input register ${addr} on unit ${unitID}`), { modbusErrorCode: 0x02 });
      }
      return value;
    },
    setCoil(addr: number, value: boolean, unitID: number): void {
      coils.set(`${unitID}:${addr}`, value);
    },
  };
  return vector;
}

/** A port on 127.0.0.1 that the system gave and nothing holds now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** modbus-serial's Modbus TCP server on 127.0.0.1, on a free port of the system's choosing. */
export async function startServerTcp(vector = meterVector()): Promise<{ port: number; vector: typeof vector; close(): Promise<void> }> {
  // modbus-serial takes port 0 for "its default, 502": the port is found first.
  const port = await freePort();
  const server = new ServerTCP(vector, { host: '127.0.0.1', port, unitID: 255 });
  server.on('socketError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('initialized', () => resolve());
    server.once('serverError', reject);
    setTimeout(() => reject(new Error(`ServerTCP did not listen on ${port} within 5 s`)), 5000).unref();
  });
  return {
    port,
    vector,
    close: () =>
      new Promise<void>((resolve) => {
        for (const sock of server.socks.keys()) {
          sock.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

/** modbus-serial's Modbus RTU server on a serial port (one end of a pty pair). */
export async function startServerSerial(portPath: string, vector = meterVector(), baudRate = 9600): Promise<{ vector: typeof vector; close(): Promise<void> }> {
  const server = new ServerSerial(vector, { path: portPath, baudRate, unitID: 255, interval: 10 });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('initialized', () => resolve());
    setTimeout(() => reject(new Error(`ServerSerial did not open ${portPath} within 5 s`)), 5000).unref();
  });
  return {
    vector,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const socatAvailable = spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0;

/** socat with `args`, once every one of `paths` exists; `close` stops it and removes `dir`. */
async function startSocat(args: string[], paths: string[], dir: string, what: string): Promise<() => Promise<void>> {
  const child: ChildProcess = spawn('socat', args, { stdio: 'ignore' });
  const deadline = Date.now() + 5000;
  while (!paths.every((p) => existsSync(p))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error(`socat did not make ${what} within 5 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Two linked ptys `a` and `b` (socat), removed by `close` (in `dir` when given: the same paths again). */
export async function startPtyPair(at?: string): Promise<{ a: string; b: string; dir: string; close(): Promise<void> }> {
  const dir = at ?? mkdtempSync(path.join(tmpdir(), 'gw-pty-'));
  mkdirSync(dir, { recursive: true });
  const a = path.join(dir, 'a');
  const b = path.join(dir, 'b');
  const close = await startSocat(['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], [a, b], dir, 'the pty pair');
  return { a, b, dir, close };
}

/**
 * A serial device server in transparent mode: socat makes a pty (`device`, where an RTU slave
 * opens it) and then listens on 127.0.0.1:port; the bytes of the TCP connection are the pty's.
 */
export async function startSerialServer(port: number): Promise<{ device: string; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-rtutcp-'));
  const device = path.join(dir, 'dev');
  const close = await startSocat([`pty,raw,echo=0,link=${device}`, `tcp-listen:${port},bind=127.0.0.1,reuseaddr`], [device], dir, 'the serial server');
  return { device, close };
}
