import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crcValid, flowDocumentSchema, formatHexPacket, withCrc, type FlowDocument } from '@smartdata/domain';
import { ModbusTcpBus, RtuFramer, RtuOverTcpBus, SerialLineBus, parseBusSpec, rtuReplyLength } from './buses';
import { FlowRunner, type RunnerEvent, type SerialPort } from './flowRunner';
import { meterValues, socatAvailable, startPtyPair, startSerialServer, startServerSerial, startServerTcp } from './testing/thirdPartySlaves';

/**
 * The transports against slaves nobody here wrote: modbus-serial's ServerTCP (Modbus TCP) and
 * ServerSerial (RTU) on a socat pty, and on a socat serial device server (RTU over TCP). Ports
 * 19000–19049 on 127.0.0.1.
 */
const example = (name: string): FlowDocument => flowDocumentSchema.parse(JSON.parse(readFileSync(new URL(`../../../examples/flows/${name}`, import.meta.url), 'utf8')));

function run(doc: FlowDocument, serial: SerialPort) {
  const events: RunnerEvent[] = [];
  const published: { topic: string; body: string }[] = [];
  const http: string[] = [];
  const runner = new FlowRunner(doc, {
    sn: 'GW0001',
    serial,
    links: { publish: async (_l, topic, body) => void published.push({ topic, body }), subscribe: async () => undefined },
    onEvent: (e) => events.push(e),
    http: async (_url, _method, body) => {
      http.push(body);
      return 200;
    },
  });
  return { runner, events, published, http };
}

/** Short timeouts, server-triggered: one pass per `runOnce`. */
const fast = (doc: FlowDocument): FlowDocument => ({
  ...doc,
  startMode: { kind: 'server' },
  nodes: doc.nodes.map((n) => (n.kind === 'serialRx' ? { ...n, timeoutMs: 300 } : n.kind === 'wait' ? { ...n, ms: 5 } : n)),
});

describe('bus specs and RTU framing', () => {
  it('reads serial:, tcp:// and rtu-tcp:// and refuses anything else with an example', () => {
    expect(parseBusSpec('serial:/dev/ttyUSB0')).toEqual({ kind: 'serial', path: '/dev/ttyUSB0' });
    expect(parseBusSpec('tcp://10.0.0.5:502')).toEqual({ kind: 'tcp', host: '10.0.0.5', port: 502 });
    expect(parseBusSpec('rtu-tcp://gw.local:4001')).toEqual({ kind: 'rtu-tcp', host: 'gw.local', port: 4001 });
    expect(() => parseBusSpec('udp://1.2.3.4:502')).toThrow(/serial:\/dev\/ttyUSB0, tcp:\/\/host:502 or rtu-tcp/);
    expect(() => parseBusSpec('tcp://host:70000')).toThrow(/not 1–65535/);
  });

  it('tells a reply frame by its function, and ends anything else after the silence', async () => {
    expect(rtuReplyLength([1, 3, 4])).toBe(9);
    expect(rtuReplyLength([1, 0x83])).toBe(5);
    expect(rtuReplyLength([3, 5])).toBe(8);
    expect(rtuReplyLength([1, 0x2b])).toBeNull();
    const frames: number[][] = [];
    const framer = new RtuFramer((f) => frames.push(f), 15);
    const reply = withCrc([1, 3, 4, 0, 215, 1, 197]);
    framer.push(Uint8Array.from(reply.slice(0, 4)));
    framer.push(Uint8Array.from([...reply.slice(4), ...withCrc([1, 0x83, 2])]));
    expect(frames).toEqual([reply, withCrc([1, 0x83, 2])]);
    framer.push(Uint8Array.from([0xff, 0x7e, 0x01]));
    expect(frames).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(frames[2]).toEqual([0xff, 0x7e, 0x01]);
  });
});

describe('Modbus TCP against modbus-serial ServerTCP', () => {
  let server: Awaited<ReturnType<typeof startServerTcp>>;
  beforeAll(async () => {
    server = await startServerTcp();
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs the three example flows: MBAP with the unit id, the reply parsed at the RTU offsets, edge writes', async () => {
    const bus = new ModbusTcpBus('127.0.0.1', server.port);
    await bus.open();
    try {
      const loop = run(fast(example('modbus-temperature-loop.json')), bus);
      await loop.runner.runOnce();
      expect(JSON.parse(loop.published[0]!.body)).toMatchObject({ temperature: meterValues.temperature, humidity: meterValues.humidity });

      const once = run(fast(example('delayed-once.json')), bus);
      await once.runner.runOnce();
      expect(JSON.parse(once.published[0]!.body)).toEqual({ total: meterValues.total });

      const edge = run(fast(example('three-links-edge.json')), bus);
      await edge.runner.runOnce();
      const rx = edge.events.find((e) => e.type === 'rx') as Extract<RunnerEvent, { type: 'rx' }>;
      expect(rx.values.power).toBe(meterValues.power);
      expect(crcValid(rx.frame.split(' ').map((h) => Number.parseInt(h, 16)))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Over 5 000 W: condition 1 switches unit 3's coil 1 on (a packet of the flow, over MBAP).
      expect(server.vector.coils.get('3:1')).toBe(true);
      expect(JSON.parse(edge.http[0]!)).toEqual({ power: meterValues.power, overload: 1 });
    } finally {
      await bus.close();
    }
  });

  it('counts transaction ids and drops a late reply to an earlier inquiry', async () => {
    const seen: number[] = [];
    const fake = net.createServer((socket) => {
      socket.on('data', (data) => {
        const tid = data.readUInt16BE(0);
        seen.push(tid);
        const reply = (id: number, value: number) => Buffer.from([id >> 8, id & 0xff, 0, 0, 0, 5, 1, 3, 2, 0, value]);
        // A stale reply (the previous id) first, then the right one.
        socket.write(Buffer.concat([reply(tid - 1, 99), reply(tid, 7)]));
      });
    });
    await new Promise<void>((resolve) => fake.listen(19002, '127.0.0.1', () => resolve()));
    const bus = new ModbusTcpBus('127.0.0.1', 19002);
    try {
      await bus.open();
      bus.send(withCrc([1, 3, 0, 0, 0, 1]));
      expect(await bus.receive(500)).toEqual(withCrc([1, 3, 2, 0, 7]));
      bus.send(withCrc([1, 3, 0, 0, 0, 1]));
      expect(await bus.receive(500)).toEqual(withCrc([1, 3, 2, 0, 7]));
      expect(seen).toEqual([1, 2]);
    } finally {
      await bus.close();
      fake.close();
    }
  });

  it('an exception reply and an unreachable bus end in the timeout handling with what happened', async () => {
    const bus = new ModbusTcpBus('127.0.0.1', server.port);
    const doc = fast(example('modbus-temperature-loop.json'));
    const wrong = { ...doc, nodes: doc.nodes.map((n) => (n.kind === 'serialTx' ? { ...n, packet: formatHexPacket(withCrc([1, 3, 0, 0x40, 0, 2])) } : n)) };
    const { runner, events, published } = run(wrong, bus);
    await runner.runOnce();
    expect(events.find((e) => e.type === 'rxProblem')).toMatchObject({ nodeName: '温湿度', attempts: 4, problem: { kind: 'exception', address: 1, code: 2 } });
    expect(published.map((p) => p.topic)).toEqual(['sd/GW0001/up/event']);
    await bus.close();

    const nowhere = new ModbusTcpBus('127.0.0.1', 19003);
    await expect(nowhere.open()).rejects.toThrow(/tcp:\/\/127.0.0.1:19003: connect ECONNREFUSED/);
    const silent = run(fast(example('modbus-temperature-loop.json')), nowhere);
    await silent.runner.runOnce();
    expect(silent.events.find((e) => e.type === 'rxProblem')).toMatchObject({ problem: { kind: 'unreachable', message: expect.stringContaining('ECONNREFUSED') } });
    expect(silent.events.filter((e) => e.type === 'tx')).toHaveLength(4);
    await nowhere.close();
  });
});

describe.skipIf(!socatAvailable)('Modbus RTU on a serial pty pair (socat) against modbus-serial ServerSerial', () => {
  it('runs the example flows with the flow serial settings, and a slave that is not there is silence with its address', async () => {
    const pair = await startPtyPair();
    const slave = await startServerSerial(pair.b);
    try {
      const settings = (doc: FlowDocument) => doc.serial;
      const loopDoc = fast(example('modbus-temperature-loop.json'));
      const bus = new SerialLineBus(pair.a, settings(loopDoc));
      await bus.open();
      expect(bus.label).toBe(`serial:${pair.a} 9600 8N1`);
      const loop = run(loopDoc, bus);
      await loop.runner.runOnce();
      expect(JSON.parse(loop.published[0]!.body)).toMatchObject({ temperature: meterValues.temperature, humidity: meterValues.humidity });
      const edge = run(fast(example('three-links-edge.json')), bus);
      await edge.runner.runOnce();
      expect((edge.events.find((e) => e.type === 'rx') as Extract<RunnerEvent, { type: 'rx' }>).values.power).toBe(meterValues.power);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(slave.vector.coils.get('3:1')).toBe(true);
      await bus.close();
    } finally {
      await slave.close();
      await pair.close();
    }
    // Nobody on the other end: every inquiry unanswered, reported with the node and the address.
    const lonely = await startPtyPair();
    try {
      const doc = fast(example('delayed-once.json'));
      const bus = new SerialLineBus(lonely.a, doc.serial);
      await bus.open();
      const { runner, events, published } = run(doc, bus);
      await runner.runOnce();
      expect(events.find((e) => e.type === 'rxProblem')).toMatchObject({ nodeName: '累计流量', attempts: 4, bus: `serial:${lonely.a} 4800 8O2`, problem: { kind: 'noReply', address: 5 } });
      expect(published).toEqual([{ topic: 'sd/GW0001/up/telemetry', body: '{"total":null}' }]);
      await bus.close();
    } finally {
      await lonely.close();
    }
  });

  it('a port that does not exist is said so, and a garbled reply is a bad CRC', async () => {
    const missing = new SerialLineBus('/dev/ttyNOPE9', example('modbus-temperature-loop.json').serial);
    await expect(missing.open()).rejects.toThrow('the serial port /dev/ttyNOPE9 does not exist');
    expect(missing.problem()).toEqual({ kind: 'openFailed', message: 'the serial port /dev/ttyNOPE9 does not exist' });
    const pair = await startPtyPair();
    const { SerialPort } = await import('serialport');
    // The far end answers every inquiry with a frame whose CRC is wrong (as a wrong baud rate garbles).
    const far = new SerialPort({ path: pair.b, baudRate: 9600 });
    far.on('data', () => far.write(Buffer.from([1, 3, 4, 0, 215, 1, 197, 0x12, 0x34])));
    try {
      const doc = fast(example('modbus-temperature-loop.json'));
      const bus = new SerialLineBus(pair.a, doc.serial);
      await bus.open();
      const { runner, events } = run(doc, bus);
      await runner.runOnce();
      expect(events.find((e) => e.type === 'rxProblem')).toMatchObject({ problem: { kind: 'badCrc', frame: '01 03 04 00 D7 01 C5 12 34' } });
      await bus.close();
    } finally {
      await new Promise((resolve) => far.close(resolve));
      await pair.close();
    }
  });
});

describe.skipIf(!socatAvailable)('a serial adapter unplugged and plugged in again', () => {
  it('is reported as missing while it is gone, and the bus opens it again on the next inquiry', async () => {
    const first = await startPtyPair();
    const doc = fast(example('modbus-temperature-loop.json'));
    const bus = new SerialLineBus(first.a, doc.serial);
    let slave = await startServerSerial(first.b);
    await bus.open();
    const { runner, events, published } = run(doc, bus);
    await runner.runOnce();
    expect(published).toHaveLength(1);
    await slave.close();
    await first.close(); // the ptys vanish, as an unplugged USB adapter's device node does
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await runner.runOnce();
    expect(events.filter((e) => e.type === 'rxProblem').at(-1)).toMatchObject({ problem: { kind: 'openFailed', message: `the serial port ${first.a} does not exist` } });
    const again = await startPtyPair(first.dir);
    slave = await startServerSerial(again.b);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await runner.runOnce();
      expect(published.filter((p) => p.topic.endsWith('/telemetry'))).toHaveLength(2);
    } finally {
      await bus.close();
      await slave.close();
      await again.close();
    }
  });
});

describe.skipIf(!socatAvailable)('RTU over TCP (a socat serial device server) against modbus-serial ServerSerial', () => {
  it('carries the raw RTU frames with their CRC', async () => {
    const device = await startSerialServer(19004);
    const slave = await startServerSerial(device.device);
    const bus = new RtuOverTcpBus('127.0.0.1', 19004);
    try {
      await bus.open();
      const { runner, published } = run(fast(example('delayed-once.json')), bus);
      await runner.runOnce();
      expect(JSON.parse(published[0]!.body)).toEqual({ total: meterValues.total });
    } finally {
      await bus.close();
      await slave.close();
      await device.close();
    }
  });
});

if (!socatAvailable) {
  console.warn('socat is not installed: the serial pty and RTU-over-TCP tests are skipped (apt-get install socat; .ci/run installs it)');
}
