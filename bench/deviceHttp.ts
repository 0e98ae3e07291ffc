/**
 * The HTTP device API (issue 37): devices POSTing telemetry with HTTP Basic to the real app
 * (`/general/device-api/v1/{sn}/telemetry`: the credential check, the ingest's publish hook, group
 * commit, records + series points, answered after the commit), beside a bare Fastify route that
 * parses the same JSON body and answers, as the ceiling of this machine — same load generator,
 * same run.
 *
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/deviceHttp.ts
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/deviceHttp.ts --devices=200 --connections=50 --duration=10 --values=10
 *
 * autocannon runs in this process (the figures are the pair's on a 2-core machine, for both
 * targets alike); every request names the next device and a fresh `ts`, so each is a new record.
 * Results go in docs/performance.md; run by hand, never as a timed test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { rawSqlite } from '../apps/server/src/platform/db/database';
import { createCompanyUser } from '../apps/server/src/test/testApp';
import type { Device } from './ingest/fleet';
import { seed } from './ingest/seed';

const arg = (name: string, fallback: number) => {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`));
  return given ? Number(given.split('=')[1]) : fallback;
};
const options = { devices: arg('devices', 200), connections: arg('connections', 50), duration: arg('duration', 10), values: arg('values', 10) };

function bodyOf(ts: number): string {
  const values: Record<string, number> = {};
  for (let k = 0; k < options.values; k += 1) {
    values[`v${k}`] = Math.round(Math.random() * 10_000) / 100;
  }
  return JSON.stringify({ ts, values });
}

async function load(url: (device: Device) => string, devices: Device[]): Promise<Result> {
  let next = 0;
  let ts = Date.now() - 24 * 3600_000;
  return autocannon({
    url: url(devices[0]),
    connections: options.connections,
    duration: options.duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const device = devices[next % devices.length];
          next += 1;
          ts += 1;
          return {
            ...request,
            path: new URL(url(device)).pathname,
            headers: { ...request.headers, 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${device.sn}:${device.secret}`).toString('base64')}` },
            body: bodyOf(ts),
          };
        },
      },
    ],
  });
}

const line = (name: string, result: Result) =>
  `${name}: ${Math.round(result.requests.average).toLocaleString('en-US')} requests/s (${result.requests.total.toLocaleString('en-US')} in ${options.duration} s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`;

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model.split(' ')[0] ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, node ${process.version}, ${new Date().toISOString()}`);
  console.log(`load average (1, 5, 15 min): ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log(`${options.devices} devices, ${options.values} values a request, ${options.connections} connections, ${options.duration} s per target, autocannon in this process`);
  const devices: Device[] = Array.from({ length: options.devices }, (_, i) => ({ sn: `HTTPBENCH${String(i).padStart(5, '0')}`, secret: `secret-of-device-${i}-0123456789` }));

  // The bare ceiling: parse the body, check a Basic header, answer.
  const bare: FastifyInstance = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  const expected = new Map(devices.map((d) => [d.sn, `Basic ${Buffer.from(`${d.sn}:${d.secret}`).toString('base64')}`]));
  bare.post<{ Params: { sn: string } }>('/general/device-api/v1/:sn/telemetry', async (request, reply) => {
    if (expected.get(request.params.sn) !== request.headers.authorization) {
      return reply.status(401).send({ code: 40100 });
    }
    return { code: 0, msg: 'success', data: { ts: (request.body as { ts: number }).ts, values: Object.keys((request.body as { values: object }).values).length } };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareResult = await load((d) => `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/general/device-api/v1/${d.sn}/telemetry`, devices);
  console.log(line('bare Fastify POST (JSON parse, Basic check, answer)', bareResult));
  await bare.close();

  const dir = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-http-'));
  try {
    const app = await buildApp(testConfig({ dataDir: dir, sqliteFile: path.join(dir, 'smartdata.db'), logLevel: 'warn', deviceHttpRatePerMinute: 1_000_000 }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const user = await createCompanyUser(app, { codes: ['sd_capsule', 'cd_device'] });
    const raw = rawSqlite(app.platform.db);
    if (!raw) {
      throw new Error('the bench seeds SQLite directly');
    }
    await seed(app.platform.db, raw, user.companyId, user.userId, devices, options.values);
    const port = (app.server.address() as AddressInfo).port;
    const before = app.telemetry.stats.values;
    const appResult = await load((d) => `http://127.0.0.1:${port}/general/device-api/v1/${d.sn}/telemetry`, devices);
    const stored = app.telemetry.stats.values - before;
    console.log(line('the app (HTTP Basic, ingest, commit before the answer)', appResult));
    console.log(`  values stored: ${stored.toLocaleString('en-US')} (${Math.round(stored / options.duration).toLocaleString('en-US')} values/s); answered 2xx: ${appResult['2xx'].toLocaleString('en-US')} × ${options.values} = ${(appResult['2xx'] * options.values).toLocaleString('en-US')}`);
    console.log(`app ÷ bare: ${(appResult.requests.average / bareResult.requests.average).toFixed(2)} in requests/s; p99 ${appResult.latency.p99} vs ${bareResult.latency.p99} ms`);
    console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    await app.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
