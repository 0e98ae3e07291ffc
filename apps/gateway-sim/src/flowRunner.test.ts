import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flowDocumentSchema, type FlowDocument } from '@smartdata/domain';
import { ModbusSlave } from './modbusSlave';
import { FlowRunner, SimulatedSerialPort, type LinkBus, type RunnerEvent } from './flowRunner';

const example = (name: string): FlowDocument => flowDocumentSchema.parse(JSON.parse(readFileSync(new URL(`../../../examples/flows/${name}`, import.meta.url), 'utf8')));

function harness(doc: FlowDocument, slaveOptions: ConstructorParameters<typeof ModbusSlave>[0] = {}) {
  const published: { linkId: string; topic: string; body: string }[] = [];
  const events: RunnerEvent[] = [];
  const subscriptions = new Map<string, (payload: string) => void>();
  const slaves = new Map<number, ModbusSlave>();
  const bus = {
    handle(frame: readonly number[]) {
      const address = frame[0]!;
      if (!slaves.has(address)) {
        slaves.set(address, new ModbusSlave({ ...slaveOptions, address }));
      }
      return slaves.get(address)!.handle(frame);
    },
  };
  const links: LinkBus = {
    publish: async (linkId, topic, body) => {
      published.push({ linkId, topic, body });
    },
    subscribe: async (_linkId, topic, onMessage) => {
      subscriptions.set(topic, onMessage);
    },
  };
  const http: string[] = [];
  const runner = new FlowRunner(doc, {
    sn: 'SIM0001',
    serial: new SimulatedSerialPort(bus, 115200, 1),
    links,
    onEvent: (e) => events.push(e),
    http: async (url, _method, body) => {
      http.push(`${url} ${body}`);
      return 200;
    },
  });
  return { runner, published, events, subscriptions, slaves, http };
}

/** The example with short timeouts (the runner really waits). */
function fast(doc: FlowDocument): FlowDocument {
  return { ...doc, nodes: doc.nodes.map((n) => (n.kind === 'serialRx' ? { ...n, timeoutMs: 30 } : n.kind === 'wait' ? { ...n, ms: 5 } : n)) };
}

describe('flow runner', () => {
  it('runs the Modbus temperature loop: TX, RX with CRC, extraction, timestamp, publish with {sn}', async () => {
    const { runner, published, events } = harness(fast(example('modbus-temperature-loop.json')));
    await runner.runOnce();
    expect(events.filter((e) => e.type === 'tx')).toHaveLength(1);
    const rx = events.find((e) => e.type === 'rx') as Extract<RunnerEvent, { type: 'rx' }>;
    expect(Object.keys(rx.values)).toEqual(['temperature', 'humidity']);
    expect(published).toHaveLength(1);
    expect(published[0]!.topic).toBe('sd/SIM0001/up/telemetry');
    const body = JSON.parse(published[0]!.body) as { temperature: number; humidity: number; ts: number };
    expect(body.temperature).toBe(rx.values.temperature);
    expect(body.ts).toBeGreaterThan(1_700_000_000_000);
  });

  it('asks again up to the retries, then takes the timeout handling with its body', async () => {
    const { runner, published, events } = harness(fast(example('modbus-temperature-loop.json')), { missingReplyRate: 1 });
    await runner.runOnce();
    // The first inquiry and 3 retries, then the timeout branch (the alarm publish) and nothing after.
    expect(events.filter((e) => e.type === 'tx')).toHaveLength(4);
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(3);
    expect(events.find((e) => e.type === 'timeout')).toMatchObject({ nodeId: 'parse', message: 'sensor silent' });
    expect(published).toHaveLength(1);
    expect(published[0]!.body).toBe('{"event":"timeout","at":null}');
  });

  it('recovers within the retries when only some replies are missing', async () => {
    const { runner, published, events } = harness(fast(example('modbus-temperature-loop.json')), { missingReplyRate: 0.5, seed: 4 });
    for (let i = 0; i < 10; i += 1) {
      await runner.runOnce();
    }
    expect(events.some((e) => e.type === 'retry')).toBe(true);
    expect(published.filter((p) => p.topic.endsWith('/telemetry')).length).toBeGreaterThan(5);
  });

  it('runs the three-link document: appended CRC, float32, edge computing switches the relay, HEX passthrough, HTTP', async () => {
    const { runner, published, events, slaves, http } = harness(fast(example('three-links-edge.json')));
    await runner.start();
    await runner.trigger();
    const rx = events.find((e) => e.type === 'rx') as Extract<RunnerEvent, { type: 'rx' }>;
    expect(typeof rx.values.power).toBe('number');
    const edge = events.find((e) => e.type === 'edge') as Extract<RunnerEvent, { type: 'edge' }>;
    expect(edge.matched).toBe((rx.values.power as number) > 5000 ? 1 : 2);
    expect(slaves.get(3)!.coils[1]).toBe(edge.matched === 1 ? 1 : 0);
    expect(published.map((p) => p.linkId)).toEqual(['mirror', 'backup']);
    expect(JSON.parse(published[0]!.body).raw).toMatch(/^020404[0-9A-F]{12}$/);
    expect(JSON.parse(published[1]!.body).power).toBe(rx.values.power);
    expect(http).toHaveLength(1);
    expect(http[0]).toContain('"overload":');
    await runner.stop();
  });

  it('runs a delayed document once and stops', async () => {
    const doc = fast(example('delayed-once.json'));
    const { runner, published } = harness({ ...doc, startMode: { kind: 'delay', delayMs: 10 } });
    await runner.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(published).toHaveLength(1);
    expect(JSON.parse(published[0]!.body).total).toBeGreaterThan(0);
    await runner.stop();
  });
});

describe('HTTP request nodes against the console (issue 37)', () => {
  it("aim at the HTTP device API with {sn} in the URL and sign in with the gateway's SN and secret; credentials in a URL become Basic", async () => {
    const { createServer } = await import('node:http');
    const seen: Array<{ url: string; authorization: string | undefined; body: string }> = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as { port: number }).port;
    try {
      const { defaultHttp } = await import('./flowRunner');
      const doc = flowDocumentSchema.parse({
        ...example('modbus-temperature-loop.json'),
        nodes: [
          { id: 'start', kind: 'start', name: 'Start' },
          { id: 'h', kind: 'httpRequest', name: 'Post', url: `http://127.0.0.1:${port}/general/device-api/v1/{sn}/telemetry`, method: 'POST', body: '{"values":{"temperature":21.5}}' },
        ],
        edges: [{ from: 'start', to: 'h' }],
      });
      const events: RunnerEvent[] = [];
      const runner = new FlowRunner(doc, { sn: 'SIM0001', secret: 's3cret', serial: new SimulatedSerialPort({ handle: () => null }, 115200, 1), links: { publish: async () => undefined, subscribe: async () => undefined }, onEvent: (e) => events.push(e) });
      await runner.runOnce();
      expect(seen).toEqual([{ url: '/general/device-api/v1/SIM0001/telemetry', authorization: `Basic ${Buffer.from('SIM0001:s3cret').toString('base64')}`, body: '{"values":{"temperature":21.5}}' }]);
      expect(events.find((e) => e.type === 'http')).toMatchObject({ status: 200, url: `http://127.0.0.1:${port}/general/device-api/v1/SIM0001/telemetry` });
      // Another address gets no secret; credentials written in a URL are sent as Basic, not in the URL.
      await defaultHttp(`http://127.0.0.1:${port}/elsewhere`, 'POST', '{}', { sn: 'SIM0001', secret: 's3cret' });
      await defaultHttp(`http://meter%201:p%40ss@127.0.0.1:${port}/other`, 'POST', '{}');
      expect(seen.slice(1).map((s) => [s.url, s.authorization])).toEqual([
        ['/elsewhere', undefined],
        ['/other', `Basic ${Buffer.from('meter 1:p@ss').toString('base64')}`],
      ]);
    } finally {
      server.close();
    }
  });
});
