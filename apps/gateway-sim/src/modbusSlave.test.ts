import { describe, expect, it } from 'vitest';
import { crcValid, extractValue, parseHexPacket, withCrc } from '@smartdata/domain';
import { ModbusSlave } from './modbusSlave';

describe('simulated Modbus RTU slave', () => {
  it('answers a read of holding registers with a CRC-checked frame carrying realistic values', () => {
    const slave = new ModbusSlave({ seed: 3 });
    const reply = slave.handle(parseHexPacket('01 03 00 00 00 02 C4 0B'))!;
    expect(reply.slice(0, 3)).toEqual([0x01, 0x03, 0x04]);
    expect(reply).toHaveLength(9);
    expect(crcValid(reply)).toBe(true);
    const temperature = extractValue(reply, { key: 't', extractType: 2, unit: 4, offset: 3, size: 2, dataLength: 'int', divisor: 10, decimalPlaces: 1 });
    const humidity = extractValue(reply, { key: 'h', extractType: 2, unit: 4, offset: 5, size: 2, dataLength: 'uint', divisor: 10, decimalPlaces: 1 });
    expect(temperature).toBeGreaterThan(15);
    expect(temperature).toBeLessThan(28);
    expect(humidity).toBeGreaterThan(30);
    expect(humidity).toBeLessThan(60);
  });

  it('drifts between reads, keeps counters increasing, and encodes power as a float32', () => {
    let now = 0;
    const slave = new ModbusSlave({ seed: 5, now: () => now });
    const read = () => slave.handle(withCrc([1, 3, 0, 0, 0, 6]))!;
    const first = read();
    const temps = new Set<number>();
    let lastEnergy = -1;
    for (let i = 0; i < 20; i += 1) {
      now += 60_000;
      const frame = read();
      temps.add(extractValue(frame, { key: 't', extractType: 2, unit: 4, offset: 3, size: 2, dataLength: 'int', divisor: 10, decimalPlaces: 1 }) as number);
      const energy = extractValue(frame, { key: 'e', extractType: 1, unit: 4, offset: 11, size: 4, dataLength: 'uint' }) as number;
      expect(energy).toBeGreaterThanOrEqual(lastEnergy);
      lastEnergy = energy;
      const power = extractValue(frame, { key: 'p', extractType: 2, unit: 4, offset: 7, size: 4, dataLength: 'float32', decimalPlaces: 2 }) as number;
      expect(power).toBeGreaterThan(2000);
      expect(power).toBeLessThan(8000);
    }
    expect(first).not.toBeNull();
    expect(temps.size).toBeGreaterThan(3);
  });

  it('stays silent on a bad CRC or another address, and answers exceptions for bad requests', () => {
    const slave = new ModbusSlave();
    expect(slave.handle([0x01, 0x03, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00])).toBeNull();
    expect(slave.stats.badCrc).toBe(1);
    expect(slave.handle(withCrc([0x09, 0x03, 0, 0, 0, 2]))).toBeNull();
    expect(slave.handle(withCrc([0x01, 0x2b, 0, 0]))).toEqual(withCrc([0x01, 0xab, 0x01]));
    expect(slave.handle(withCrc([0x01, 0x03, 0, 60, 0, 10]))).toEqual(withCrc([0x01, 0x83, 0x02]));
  });

  it('writes a register and a coil and echoes the request', () => {
    const slave = new ModbusSlave();
    const write = withCrc([0x01, 0x06, 0x00, 0x10, 0x12, 0x34]);
    expect(slave.handle(write)).toEqual(write);
    expect(slave.registers[0x10]).toBe(0x1234);
    const coil = parseHexPacket('01 05 00 01 FF 00');
    expect(slave.handle(withCrc(coil))).toEqual(withCrc(coil));
    expect(slave.coils[1]).toBe(1);
  });

  it('drops about the configured share of replies', () => {
    const slave = new ModbusSlave({ missingReplyRate: 0.3, seed: 11 });
    let silent = 0;
    for (let i = 0; i < 1000; i += 1) {
      if (slave.handle(withCrc([1, 3, 0, 0, 0, 1])) === null) {
        silent += 1;
      }
    }
    expect(silent).toBeGreaterThan(230);
    expect(silent).toBeLessThan(370);
    expect(slave.stats.dropped).toBe(silent);
  });
});
