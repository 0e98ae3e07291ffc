import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { taskLimits } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Issue 31.8: late device values recompute their window once per coalescing period, not once
 * each — the task log had a "late value" run a second at 1 Hz. A device sends 30 late values for
 * yesterday, each its own publish (its own commit); the window is recomputed once, after the
 * period, by the scheduler's sweep, its run counting the 30 values, its result the same as a
 * fresh computation. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
type Api = ReturnType<typeof as>;

let t: TestApp;
let mqttPort: number;
beforeAll(async () => {
  t = await createTestApp({ mqttPort: 0 });
  mqttPort = t.app.platform.broker!.port!;
});
afterAll(async () => {
  await t?.close();
});

const post = (api: Api, url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object }).then(body);
const get = (api: Api, url: string, query: Record<string, string | number> = {}) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` }).then(body);

async function person(app: FastifyInstance): Promise<Api> {
  const user = await createCompanyUser(app, { codes: ['sd_capsule', 'cd_device', 'sa_task_define', 'sa_task_log', 'um_role'] });
  return as(app, await signIn(app, user.userName, user.password));
}

async function made(api: Api, url: string, payload: unknown): Promise<number> {
  const answer = await post(api, url, payload);
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id as number;
}

function publish(client: MqttClient, sn: string, payload: unknown): Promise<void> {
  return new Promise((resolve, reject) => client.publish(`sd/${sn}/up/telemetry`, JSON.stringify(payload), { qos: 1 }, (error) => (error ? reject(error) : resolve())));
}

/** Yesterday at noon in Asia/Shanghai (UTC+8, the company's zone): well inside yesterday's window. */
function yesterdayNoon(): number {
  const local = new Date(Date.now() + 8 * 3_600_000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - 1, 12 - 8);
}

interface Run {
  kind: string;
  state: string;
  value: number | null;
  triggers: number | null;
}

describe('late values', () => {
  it('30 late device values in one closed window make one recompute run after the coalescing period, counting them, equal to a fresh computation', async () => {
    const api = await person(t.app);
    const directoryId = await made(api, 'cabin/addDirectory', { parentId: null, name: 'Boiler house' });
    const sourceId = await made(api, 'dataItem/addDataItem', { directoryId, name: 'Steam meter', kind: 13, fields: [{ name: 'Steam', fieldName: 'steam', type: 1, unit: 't', priority: 1 }] });
    const targetId = await made(api, 'dataItem/addDataItem', { directoryId, name: 'Daily steam', kind: 10, fields: [{ name: 'Total', fieldName: 'total', type: 1, unit: 't', priority: 1 }] });
    const sn = `LATE${Date.now().toString(36).toUpperCase()}`;
    const device = (await post(api, 'device/addDevice', { name: 'Boiler gateway', sn, model: 'SD-G1' })).data as { id: number; secret: string };
    expect((await post(api, 'telemetry/bindItem', { itemId: sourceId, deviceId: device.id })).code).toBe(0);
    const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, { username: sn, password: device.secret, clientId: `${sn}:1`, reconnectPeriod: 0, connectTimeout: 5000 });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    try {
      const noon = yesterdayNoon();
      await publish(client, sn, { ts: noon, values: { steam: 1 } });
      const id = await made(api, 'task/addAnalysis', {
        name: 'Steam yesterday',
        enabled: true,
        schedule: { cron: '0 5 0 * * *' },
        method: 'sum_yesterday',
        source: { itemId: sourceId, fieldName: 'steam' },
        decimals: 1,
        target: { itemId: targetId, fieldName: 'total' },
      });
      expect((await post(api, 'task/runNow', { id })).data).toMatchObject({ state: 'succeeded', value: 1 });

      // Thirty late values for yesterday, one publish (one commit) each.
      for (let i = 1; i <= 30; i += 1) {
        await publish(client, sn, { ts: noon + i * 1000, values: { steam: i } });
      }
      await t.app.tasks.idle();
      const runs = async () => (await get(api, 'task/getRuns', { taskId: id, pageNum: 1, pageSize: 100 })).data.list as Run[];
      // Within the period: one pending recompute counting them, nothing run yet.
      expect((await runs()).filter((r) => r.kind === 'recompute')).toEqual([expect.objectContaining({ state: 'scheduled', triggers: 30, value: null })]);
      await t.app.tasks.sweep(Date.now());
      expect((await runs()).filter((r) => r.kind === 'recompute' && r.state !== 'scheduled')).toHaveLength(0);

      // After it: exactly one recompute run, with the count, the value a fresh computation gives.
      await t.app.tasks.sweep(Date.now() + taskLimits.recomputeAfterMs + 1000);
      await t.app.tasks.sweep(Date.now() + taskLimits.recomputeAfterMs + 2000);
      const recomputes = (await runs()).filter((r) => r.kind === 'recompute');
      expect(recomputes).toEqual([expect.objectContaining({ state: 'succeeded', triggers: 30, value: 466 })]);
      const fresh = (await post(api, 'task/runNow', { id, dryRun: true })).data as Run;
      expect(fresh.value).toBe(recomputes[0]!.value);
      const results = (await get(api, 'dataItem/getRecords', { itemId: targetId })).data;
      expect(results.list.map((r: { values: { total: number } }) => r.values.total)).toEqual([466]);

      // The next late value starts a new period of its own.
      await publish(client, sn, { ts: noon + 31_000, values: { steam: 4 } });
      await t.app.tasks.idle();
      expect((await runs()).filter((r) => r.kind === 'recompute').map((r) => [r.state, r.triggers])).toEqual([
        ['scheduled', 1],
        ['succeeded', 30],
      ]);
    } finally {
      client.end(true);
    }
  });
});
