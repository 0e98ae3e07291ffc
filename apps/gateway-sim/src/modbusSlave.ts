import { crcValid, withCrc } from '@smartdata/domain';
import { seededRandom } from './random';

/**
 * A simulated Modbus RTU slave (the serial device at the far end of the gateway). Holding and
 * input registers carry realistic values that drift between reads:
 *
 * | register | value | encoding |
 * |---|---|---|
 * | 0 | temperature ×10 (°C, around 21.5) | int16 |
 * | 1 | humidity ×10 (%RH, around 45) | uint16 |
 * | 2–3 | active power (W, around 4 800, sometimes above 5 000) | float32, high word first |
 * | 4–5 | energy counter (Wh, only increases) | uint32 |
 * | 6 | status bits (bit 0 running, bit 1 alarm) | uint16 |
 * | 32–33 | flow total (L, only increases) | uint32 |
 *
 * Functions 03 and 04 (read), 05 (write coil), 06 (write register) and 16 (write registers).
 * A frame with a bad CRC or for another address gets no reply, as on a real bus; an unknown
 * function or address range gets an exception reply. `missingReplyRate` drops that share of
 * otherwise good replies (a noisy line), so the gateway's retries and timeout handling run.
 */
export interface ModbusSlaveOptions {
  address?: number;
  /** 0..1: the share of requests that get no reply. */
  missingReplyRate?: number;
  seed?: number;
  /** The clock (ms) drift is computed from; tests pass a fake one. */
  now?: () => number;
}

export const registerCount = 64;

export class ModbusSlave {
  readonly address: number;
  missingReplyRate: number;
  readonly registers = new Uint16Array(registerCount);
  readonly coils = new Uint8Array(64);
  /** Counters a test or a status line can show. */
  readonly stats = { requests: 0, replies: 0, dropped: 0, badCrc: 0, exceptions: 0 };
  private readonly random: () => number;
  private readonly now: () => number;
  private temperature = 21.5;
  private humidity = 45;
  private power = 4800;
  private energy = 125_000;
  private flowTotal = 3_000_000;
  private lastDrift: number;

  constructor(options: ModbusSlaveOptions = {}) {
    this.address = options.address ?? 1;
    this.missingReplyRate = options.missingReplyRate ?? 0;
    this.random = seededRandom(options.seed ?? 1);
    this.now = options.now ?? Date.now;
    this.lastDrift = this.now();
    this.writeValues();
  }

  /** Moves the values on by the time since the last read: a bounded random walk, counters only up. */
  drift(): void {
    const now = this.now();
    const seconds = Math.max(0, (now - this.lastDrift) / 1000);
    this.lastDrift = now;
    const step = (span: number) => (this.random() - 0.5) * span * Math.min(1, seconds / 5 + 0.2);
    this.temperature = clamp(this.temperature + step(0.6) + (21.5 - this.temperature) * 0.05, -20, 60);
    this.humidity = clamp(this.humidity + step(2) + (45 - this.humidity) * 0.05, 5, 95);
    this.power = clamp(this.power + step(400) + (4800 - this.power) * 0.05, 0, 9000);
    this.energy += (this.power * seconds) / 3600;
    this.flowTotal += Math.round(seconds * (10 + this.random() * 5));
    this.writeValues();
  }

  private writeValues(): void {
    const r = this.registers;
    r[0] = Math.round(this.temperature * 10) & 0xffff;
    r[1] = Math.round(this.humidity * 10);
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, this.power);
    r[2] = view.getUint16(0);
    r[3] = view.getUint16(2);
    const energy = Math.floor(this.energy) >>> 0;
    r[4] = energy >>> 16;
    r[5] = energy & 0xffff;
    r[6] = (r[6] & ~0b11) | 1 | (this.power > 5000 ? 0b10 : 0);
    const flow = this.flowTotal >>> 0;
    r[32] = flow >>> 16;
    r[33] = flow & 0xffff;
  }

  /** The reply to one request frame (CRC included), or null when the slave stays silent. */
  handle(frame: readonly number[]): number[] | null {
    this.stats.requests += 1;
    if (frame.length < 4 || !crcValid(frame)) {
      this.stats.badCrc += 1;
      return null;
    }
    const [address, fn] = frame as [number, number];
    if (address !== this.address && address !== 0) {
      return null;
    }
    if (this.missingReplyRate > 0 && this.random() < this.missingReplyRate) {
      this.stats.dropped += 1;
      return null;
    }
    this.drift();
    const word = (i: number) => ((frame[i] << 8) | frame[i + 1]) >>> 0;
    const exception = (code: number) => {
      this.stats.exceptions += 1;
      return withCrc([this.address, fn | 0x80, code]);
    };
    let reply: number[];
    switch (fn) {
      case 0x03:
      case 0x04: {
        const start = word(2);
        const count = word(4);
        if (count < 1 || count > 125) {
          return exception(3);
        }
        if (start + count > registerCount) {
          return exception(2);
        }
        const data: number[] = [];
        for (let i = start; i < start + count; i += 1) {
          data.push(this.registers[i] >>> 8, this.registers[i] & 0xff);
        }
        reply = [this.address, fn, data.length, ...data];
        break;
      }
      case 0x05: {
        const coil = word(2);
        const value = word(4);
        if (coil >= this.coils.length) {
          return exception(2);
        }
        if (value !== 0xff00 && value !== 0x0000) {
          return exception(3);
        }
        this.coils[coil] = value === 0xff00 ? 1 : 0;
        reply = frame.slice(0, 6);
        break;
      }
      case 0x06: {
        const register = word(2);
        if (register >= registerCount) {
          return exception(2);
        }
        this.registers[register] = word(4);
        reply = frame.slice(0, 6);
        break;
      }
      case 0x10: {
        const start = word(2);
        const count = word(4);
        if (start + count > registerCount || frame[6] !== count * 2) {
          return exception(2);
        }
        for (let i = 0; i < count; i += 1) {
          this.registers[start + i] = word(7 + i * 2);
        }
        reply = frame.slice(0, 6);
        break;
      }
      default:
        return exception(1);
    }
    if (address === 0) {
      return null; // broadcast: no reply
    }
    this.stats.replies += 1;
    return withCrc(reply);
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
