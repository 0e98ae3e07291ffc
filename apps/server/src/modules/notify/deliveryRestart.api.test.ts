import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { dropSchema } from '@server/platform/db/database';
import { adminPassword, as, body, createCompanyUser, signIn } from '@server/test/testApp';
import { ChannelReceiver } from '@server/test/channelReceiver';

/**
 * A restart loses no delivery (issue 32): a server stopped while a retry is on its way to the
 * receiver leaves the row claimed; the next start (on the same database) takes it once the claim
 * ran out and delivers it — once: later drains send nothing more.
 */
const receiver = new ChannelReceiver();
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const databaseSchema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smartdata-restart-'));
const start = () =>
  buildApp(testConfig({ databaseUrl, databaseSchema, sqliteFile: databaseUrl ? undefined : path.join(dir, 'smartdata.db'), dataDir: dir, adminPassword, webhookAllowHosts: ['127.0.0.1'] }));

afterAll(async () => {
  await receiver.close();
  if (databaseUrl && databaseSchema) {
    await dropSchema(databaseUrl, databaseSchema);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the delivery queue across a restart', () => {
  it('a server killed mid-retry delivers after the restart, once', async () => {
    const base = await receiver.start();
    let app: FastifyInstance = await start();
    const user = await createCompanyUser(app, { codes: ['sd_capsule', 'cs_rules', 'cs_info', 'sys_notify_channel', 'um_role'] });
    let api = as(app, await signIn(app, user.userName, user.password));
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      api({ method, url: `/general/${url}`, ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }) }).then(body);

    // The receiver is down for the first try, hangs on the second (the server stops meanwhile).
    const channel = (await call('POST', 'notify/addChannel', { kind: 'webhook', name: 'Flaky', url: `${base}/fail` })).data.id as number;
    const directoryId = (await call('POST', 'cabin/addDirectory', { name: 'Plant' })).data.id as number;
    const itemId = (await call('POST', 'dataItem/addDataItem', { directoryId, name: 'Pump', kind: 10, fields: [{ name: 'Pressure', fieldName: 'p', type: 1, priority: 1 }] })).data.id as number;
    const rule = { name: 'Pump pressure', enabled: true, target: { kind: 'field', itemId, fieldName: 'p' }, levels: [{ level: 3, op: 'gt', threshold: 5, kind: 'simple' }], notify: { channelIds: [channel] } };
    expect((await call('POST', 'alarm/addRule', rule)).code).toBe(0);
    receiver.failures = 1;
    expect((await call('POST', 'dataItem/addRecord', { itemId, values: { p: 9 } })).code).toBe(0);
    await app.alarms.idle();
    expect(receiver.on('/fail').length).toBe(1);

    // The retry: its channel now points at a receiver that never answers; stop the server mid-send.
    expect((await call('POST', 'notify/updateChannel', { id: channel, name: 'Flaky', url: `${base}/hang` })).code).toBe(0);
    const retryAt = Date.now() + 31_000;
    const inFlight = app.notify.drain(retryAt);
    await expect.poll(() => receiver.on('/hang').length).toBe(1);
    await app.close();
    await inFlight;

    // The next start: the receiver is up again.
    app = await start();
    api = as(app, await signIn(app, user.userName, user.password));
    const alarmId = ((await call('GET', 'alarm/getAlarms', { pageNum: '1', pageSize: '10' })).data.list as { id: number }[])[0]!.id;
    const [row] = (await call('GET', 'alarm/getDeliveries', { alarmId: String(alarmId) })).data as { state: string; attempts: number }[];
    expect(row).toMatchObject({ state: 'retrying', attempts: 2 });
    // The hanging URL is still stored; point the channel back at a working receiver.
    expect((await call('POST', 'notify/updateChannel', { id: channel, name: 'Flaky', url: `${base}/fail` })).code).toBe(0);
    receiver.failures = 0;
    // Before the claim ran out nothing is sent; after it, once.
    await app.notify.drain(retryAt + 1000);
    expect(receiver.on('/fail').length).toBe(1);
    await app.notify.drain(retryAt + 61_000);
    expect(receiver.on('/fail').length).toBe(2);
    await app.notify.drain(retryAt + 3_600_000);
    expect(receiver.on('/fail').length).toBe(2);
    const [after] = (await call('GET', 'alarm/getDeliveries', { alarmId: String(alarmId) })).data as { state: string; attempts: number }[];
    expect(after).toMatchObject({ state: 'sent', attempts: 3 });
    await app.close();
  }, 60_000);

  it('two instances on one database send each message once', async () => {
    const base = receiver.base;
    const [a, b] = [await start(), await start()];
    try {
      const user = await createCompanyUser(a, { codes: ['sd_capsule', 'cs_rules', 'cs_info', 'sys_notify_channel', 'um_role'] });
      const api = as(a, await signIn(a, user.userName, user.password));
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        api({ method, url: `/general/${url}`, ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }) }).then(body);
      const channel = (await call('POST', 'notify/addChannel', { kind: 'webhook', name: 'Shared', url: `${base}/fail` })).data.id as number;
      const directoryId = (await call('POST', 'cabin/addDirectory', { name: 'Hall' })).data.id as number;
      const itemId = (await call('POST', 'dataItem/addDataItem', { directoryId, name: 'Fan', kind: 10, fields: [{ name: 'Speed', fieldName: 's', type: 1, priority: 1 }] })).data.id as number;
      const rule = { name: 'Fan fast', enabled: true, target: { kind: 'field', itemId, fieldName: 's' }, levels: [{ level: 1, op: 'gt', threshold: 5, kind: 'simple' }], notify: { channelIds: [channel] } };
      expect((await call('POST', 'alarm/addRule', rule)).code).toBe(0);
      receiver.failures = 1;
      const before = receiver.on('/fail').length;
      expect((await call('POST', 'dataItem/addRecord', { itemId, values: { s: 9 } })).code).toBe(0);
      await a.alarms.idle();
      expect(receiver.on('/fail').length - before).toBe(1);
      // The retry is due: both instances drain at once; the receiver sees it once, and nothing after.
      const at = Date.now() + 31_000;
      await Promise.all([a.notify.drain(at), b.notify.drain(at), a.notify.drain(at), b.notify.drain(at)]);
      await Promise.all([a.notify.drain(at + 3_600_000), b.notify.drain(at + 3_600_000)]);
      expect(receiver.on('/fail').length - before).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
