import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { dropSchema } from './db/database';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { connectRealtime as connect, RealtimeClient } from '@server/test/realtimeClient';

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

async function member(app: FastifyInstance, codes: string[], companyId?: number): Promise<{ api: Api; token: string; userId: number; companyId: number }> {
  const user = await createCompanyUser(app, { codes, companyId });
  const token = await signIn(app, user.userName, user.password);
  return { api: as(app, token), token, userId: user.userId, companyId: user.companyId };
}

async function itemWithDirectory(api: Api): Promise<{ itemId: number; directoryId: number }> {
  const directoryId = body(await api({ method: 'POST', url: '/general/cabin/addDirectory', payload: { name: `Live ${randomBytes(2).toString('hex')}` } })).data.id;
  const answer = body(
    await api({ method: 'POST', url: '/general/dataItem/addDataItem', payload: { directoryId, name: 'Live values', kind: 13, fields: [{ name: 'Value', fieldName: 'value', type: 1 }] } }),
  );
  expect(answer.code).toBe(0);
  return { itemId: answer.data.id, directoryId };
}

describe('realtime over WebSocket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('pushes a record added by someone else to the subscribers of its data item', async () => {
    const watcher = await member(t.app, ['sd_capsule', 'um_role']);
    const writer = await member(t.app, ['sd_capsule'], watcher.companyId);
    const { itemId } = await itemWithDirectory(watcher.api);
    const client = await connect(t.app, watcher.token);
    expect(await client.next((e) => e.msg === 'connected')).toEqual({ code: 0, msg: 'connected', data: { userId: watcher.userId, companyId: watcher.companyId } });
    expect(await client.subscribe(`records:${itemId}`)).toEqual({ code: 0, msg: 'subscribed', data: { channel: `records:${itemId}` } });
    expect(t.app.platform.realtime.subscriberCount(`records:${itemId}`)).toBe(1);

    const added = body(await writer.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId, values: { value: 42.5 } } }));
    const push = await client.next((e) => e.msg === 'push');
    expect(push).toEqual({
      code: 0,
      msg: 'push',
      data: {
        channel: `records:${itemId}`,
        event: 'recordAdded',
        at: expect.any(Number),
        payload: expect.objectContaining({ id: added.data.id, itemId, values: { value: 42.5 }, createdBy: writer.userId, source: 'manual' }),
      },
    });

    await writer.api({ method: 'POST', url: '/general/dataItem/deleteRecord', payload: { id: added.data.id } });
    expect((await client.next((e) => e.msg === 'push')).data).toMatchObject({ event: 'recordsDeleted', payload: { itemId, ids: [added.data.id] } });

    client.send({ type: 'unsubscribe', channel: `records:${itemId}` });
    await client.next((e) => e.msg === 'unsubscribed');
    expect(t.app.platform.realtime.subscriberCount(`records:${itemId}`)).toBe(0);
    client.send({ type: 'ping' });
    expect((await client.next((e) => e.msg === 'pong')).code).toBe(0);
    client.close();
  });

  it('checks the permission of every subscription', async () => {
    const owner = await member(t.app, ['sd_capsule', 'um_role']);
    const colleague = await member(t.app, ['sd_capsule'], owner.companyId);
    const stranger = await member(t.app, ['sd_capsule', 'um_role']);
    const { itemId, directoryId } = await itemWithDirectory(owner.api);
    await owner.api({ method: 'POST', url: '/general/cabin/setPermission', payload: { nodeId: directoryId, mode: 'custom', grants: [{ scope: 'user', targetId: colleague.userId, level: 'none' }] } });

    const hidden = await connect(t.app, colleague.token);
    expect(await hidden.subscribe(`records:${itemId}`)).toEqual({ code: 40300, msg: 'You do not have read access to this node', data: { channel: `records:${itemId}` } });
    const foreign = await connect(t.app, stranger.token);
    expect((await foreign.subscribe(`records:${itemId}`)).code).toBe(40400);
    expect((await foreign.subscribe('nothing:1')).code).toBe(40400);
    expect((await foreign.subscribe('records:abc')).code).toBe(40400);
    foreign.send('not json');
    expect((await foreign.next((e) => e.code === 50001)).code).toBe(50001);

    // Nothing reaches those who were refused.
    await owner.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId, values: { value: 1 } } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hidden.received.filter((e) => e.msg === 'push')).toEqual([]);
    expect(foreign.received.filter((e) => e.msg === 'push')).toEqual([]);
    hidden.close();
    foreign.close();
  });

  it('stops the pushes of a data item as soon as read on it is taken away after subscribing, and resumes them when given back', async () => {
    const owner = await member(t.app, ['sd_capsule', 'um_role']);
    const colleague = await member(t.app, ['sd_capsule'], owner.companyId);
    const { itemId, directoryId } = await itemWithDirectory(owner.api);
    const other = await itemWithDirectory(owner.api);
    const client = await connect(t.app, colleague.token);
    expect((await client.subscribe(`records:${itemId}`)).code).toBe(0);
    expect((await client.subscribe(`records:${other.itemId}`)).code).toBe(0);
    const add = async (id: number, value: number) => expect(body(await owner.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId: id, values: { value } } })).code).toBe(0);
    const setLevel = async (level: string) => {
      const grants = [{ scope: 'user', targetId: colleague.userId, level }];
      expect(body(await owner.api({ method: 'POST', url: '/general/cabin/setPermission', payload: { nodeId: directoryId, mode: 'custom', grants } })).code).toBe(0);
    };
    await add(itemId, 1);
    expect((await client.next((e) => e.msg === 'push')).data).toMatchObject({ channel: `records:${itemId}`, payload: { values: { value: 1 } } });

    // Pushes to one socket keep their order: the other item's push comes after any of the first.
    await setLevel('none');
    await add(itemId, 2);
    await add(other.itemId, 3);
    expect((await client.next((e) => e.msg === 'push')).data).toMatchObject({ channel: `records:${other.itemId}`, payload: { values: { value: 3 } } });
    expect(client.takePushes()).toEqual([]);

    await setLevel('read');
    await add(itemId, 4);
    expect((await client.next((e) => e.msg === 'push')).data).toMatchObject({ channel: `records:${itemId}`, payload: { values: { value: 4 } } });
    client.close();
  });

  it('takes the token from the first message, or from ?token= as older clients send it; anything else first is refused', async () => {
    const watcher = await member(t.app, ['sd_capsule', 'um_role']);
    for (const tokenIn of ['message', 'query'] as const) {
      const client = await connect(t.app, watcher.token, 'en', { tokenIn });
      expect(await client.next((e) => e.msg === 'connected')).toEqual({ code: 0, msg: 'connected', data: { userId: watcher.userId, companyId: watcher.companyId } });
      client.close();
    }
    const { port } = t.app.server.address() as AddressInfo;
    const early = new RealtimeClient(new WebSocket(`ws://127.0.0.1:${port}/general/ws`));
    await new Promise((resolve) => early.socket.once('open', resolve));
    early.send({ type: 'subscribe', channel: 'records:1' });
    expect(await early.next((e) => e.code !== 0)).toEqual({ code: 70004, msg: expect.any(String), data: null });
    expect(await early.closed).toBe(4401);
  });

  it('refuses a connection without a valid token', async () => {
    const client = await connect(t.app, 'not-a-token');
    expect(await client.next((e) => e.code !== 0)).toEqual({ code: 70004, msg: expect.any(String), data: null });
    expect(await client.closed).toBe(4401);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('realtime across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  const databaseUrl = process.env.TEST_DATABASE_URL!;
  const databaseSchema = `t_rt_${randomBytes(5).toString('hex')}`;
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await buildApp(testConfig({ databaseUrl, databaseSchema, adminPassword }));
    second = await buildApp(testConfig({ databaseUrl, databaseSchema, adminPassword }));
    await second.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await dropSchema(databaseUrl, databaseSchema);
  });

  it('a record added on one instance reaches a subscriber connected to another', async () => {
    const writer = await member(first, ['sd_capsule', 'um_role']);
    const { itemId } = await itemWithDirectory(writer.api);
    const client = await connect(second, writer.token);
    expect((await client.subscribe(`records:${itemId}`)).code).toBe(0);
    const added = body(await writer.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId, values: { value: 7 } } }));
    const push = await client.next((e) => e.msg === 'push');
    expect(push.data).toMatchObject({ channel: `records:${itemId}`, event: 'recordAdded', payload: { id: added.data.id, values: { value: 7 } } });
    client.close();
  });

  it('filters a device push on the instance that delivers it: hidden devices do not reach a member of another instance', async () => {
    const admin = await member(first, ['cd_device', 'sd_capsule', 'um_role']);
    const watcher = await member(first, ['cd_device'], admin.companyId);
    const add = async (name: string) => {
      const answer = body(await admin.api({ method: 'POST', url: '/general/device/addDevice', payload: { name, sn: `PG${randomBytes(4).toString('hex')}`, model: 'SD-DTU' } }));
      expect(answer.code).toBe(0);
      return answer.data as { id: number; nodeId: number };
    };
    const shown = await add('Shown');
    const hidden = await add('Hidden');
    const grants = [{ scope: 'company', level: 'readWrite' }, { scope: 'user', targetId: watcher.userId, level: 'none' }];
    expect(body(await admin.api({ method: 'POST', url: '/general/cabin/setPermission', payload: { nodeId: hidden.nodeId, mode: 'custom', grants } })).code).toBe(0);
    const client = await connect(second, watcher.token);
    expect((await client.subscribe(`devices:${admin.companyId}`)).code).toBe(0);
    for (const id of [hidden.id, shown.id]) {
      expect(body(await admin.api({ method: 'POST', url: '/general/device/setStatus', payload: { id, status: 9 } })).code).toBe(0);
    }
    expect((await client.next((e) => e.msg === 'push')).data).toMatchObject({ event: 'deviceUpdated', payload: { id: shown.id, nodeId: shown.nodeId } });
    expect(client.takePushes()).toEqual([]);
    client.close();
  });
});
