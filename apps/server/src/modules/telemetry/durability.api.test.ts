import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { seededRandom } from '../../test/seededRandom';
import { as, body, createCompanyUser, signIn } from '@server/test/testApp';

/**
 * Nothing acknowledged is lost: the real server (apps/server/src/main.ts) runs as a child process
 * on a temporary DATA_DIR; a device publishes QoS 1 telemetry, the server is killed with SIGKILL
 * while publishes are in flight — three times, at seeded random points — restarted on the same
 * DATA_DIR, and every value whose PUBACK arrived is found among the item's records exactly once.
 */
const serverDir = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-telemetry-durability-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});


function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

const logs = new Map<ChildProcess, string>();

async function startServer(port: number, mqttPort: number): Promise<ChildProcess> {
  // One process (node with the tsx loader), so SIGKILL kills the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), MQTT_PORT: String(mqttPort), MQTT_TLS_PORT: 'off', LOG_LEVEL: 'info', RECORD_WRITER_THREAD: process.env.RECORD_WRITER_THREAD ?? 'on', WEB_DIST: path.join(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  // The log's lines about the record writer (which side wrote the device batches).
  logs.set(child, '');
  child.stdout?.on('data', (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (line.includes('record writer')) {
        logs.set(child, logs.get(child) + line + '\n');
      }
    }
  });
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) {
      throw new Error(`server exited: ${stderr}`);
    }
    const up = await fetch(`http://127.0.0.1:${port}/general/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      return child;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${stderr}`);
}

describe('durability', () => {
  it('every acknowledged value survives three kill -9 at random points, and is stored once', { timeout: 240_000 }, async () => {
    // The company, item, device and binding, written to DATA_DIR by the app itself.
    const setup = await buildApp(testConfig({ dataDir, sqliteFile: undefined, mqttPort: null, logLevel: 'silent' }));
    const user = await createCompanyUser(setup, { codes: ['sd_capsule', 'cd_device'] });
    const token = await signIn(setup, user.userName, user.password);
    const api = as(setup, token);
    const dir = body(await api({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name: 'Plant' } })).data.id;
    const itemId = body(
      await api({
        method: 'POST',
        url: '/general/dataItem/addDataItem',
        payload: { directoryId: dir, name: 'Kiln', kind: 13, fields: [{ name: 'Seq', fieldName: 'seq', type: 10, unit: '', priority: 1 }, { name: 'Temp', fieldName: 'temp', type: 1, unit: '', priority: 2 }] },
      }),
    ).data.id as number;
    const device = body(await api({ method: 'POST', url: '/general/device/addDevice', payload: { name: 'Kiln gateway', sn: 'DURABLE01', model: 'SD-G1' } })).data as { id: number; sn: string; secret: string };
    expect(body(await api({ method: 'POST', url: '/general/telemetry/bindItem', payload: { itemId, deviceId: device.id } })).code).toBe(0);
    await setup.close();

    const port = await freePort();
    const mqttPort = await freePort();
    const acked = new Set<number>();
    const base = Date.now() - 3_600_000;
    let next = 0;
    // Three rounds: publishes keep flowing (up to 50 in flight) and the server dies once a random
    // number of them (150 to 700, seeded: SMARTDATA_SEED, fixed in CI, printed) is acknowledged.
    const seed = Number(process.env.SMARTDATA_SEED ?? (process.env.CI ? 1123 : Date.now() % 100_000));
    const random = seededRandom(seed);
    const killPoints = [0, 1, 2].map(() => 150 + Math.floor(random() * 550));
    console.log(`durability: seed ${seed}, kill after ${killPoints.join(', ')} acknowledged publishes`);
    for (const killAfter of killPoints) {
      const server = await startServer(port, mqttPort);
      const client: MqttClient = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, { username: device.sn, password: device.secret, clientId: device.sn, reconnectPeriod: 0, connectTimeout: 5000 });
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
      client.on('error', () => undefined);
      const ackedBefore = acked.size;
      const sentBefore = next;
      let killed = false;
      await new Promise<void>((resolve) => {
        const sendNext = () => {
          if (killed || next - sentBefore >= 3000) {
            return;
          }
          const seq = next;
          next += 1;
          client.publish(`sd/${device.sn}/up/telemetry`, JSON.stringify({ ts: base + seq, values: { seq, temp: 20 + (seq % 10) } }), { qos: 1 }, (error) => {
            if (!error && !killed) {
              acked.add(seq);
              if (acked.size - ackedBefore >= killAfter) {
                killed = true;
                server.kill('SIGKILL');
                resolve();
                return;
              }
            }
            sendNext();
          });
        };
        for (let i = 0; i < 50; i += 1) {
          sendNext();
        }
        setTimeout(resolve, 60_000);
      });
      expect(killed).toBe(true);
      await new Promise<void>((resolve) => (server.exitCode !== null || server.signalCode !== null ? resolve() : server.once('exit', () => resolve())));
      // The values went through the writer thread (RECORD_WRITER_THREAD=on), not the event loop.
      expect(logs.get(server)).toContain('device batches are written on a thread of their own');
      client.end(true);
      expect(next - sentBefore).toBeGreaterThan(acked.size - ackedBefore); // some were in flight, unacknowledged, when it died
    }

    const restarted = await startServer(port, mqttPort);
    const stored = new Set<number>();
    const duplicates: number[] = [];
    for (let page = 1; page <= 400; page += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/general/dataItem/getRecords?itemId=${itemId}&pageNum=${page}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
      const answer = (await response.json()) as { code: number; data: { total: number; list: Array<{ values: { seq: number }; createdAt: number }> } };
      expect(answer.code).toBe(0);
      for (const record of answer.data.list) {
        if (stored.has(record.values.seq)) {
          duplicates.push(record.values.seq);
        }
        stored.add(record.values.seq);
        expect(record.createdAt).toBe(base + record.values.seq);
      }
      if (answer.data.list.length < 100) {
        break;
      }
    }
    const lost = [...acked].filter((seq) => !stored.has(seq));
    expect(lost).toEqual([]);
    expect(duplicates).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(killPoints.reduce((sum, n) => sum + n, 0));
    restarted.kill('SIGTERM');
    await new Promise<void>((resolve) => restarted.once('exit', () => resolve()));
  });
});
