import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { verifyPassword } from '@server/platform/auth/passwords';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

async function member(app: FastifyInstance, codes: string[], companyId?: number): Promise<{ api: Api; companyId: number }> {
  const user = await createCompanyUser(app, { codes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), companyId: user.companyId };
}

const en = { 'accept-language': 'en-US' };
const addTag = (api: Api, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api({ method: 'POST', url: '/general/tag/addTag', payload, headers });
const tagList = async (api: Api, query = '') => body(await api({ url: `/general/tag/getTagList${query}` })).data;

describe('tags', () => {
  it('adds, lists, filters, renames and deletes the company’s tags', async () => {
    const { api } = await member(t.app, ['sys_tag']);
    const pump = body(await addTag(api, { name: ' 水泵 ', color: '#ff8800' }));
    expect(pump.code).toBe(0);
    expect(pump.data).toEqual({ id: expect.any(Number) });
    const meter = body(await addTag(api, { name: 'Meter room' })).data;

    const list = await tagList(api);
    expect(list.total).toBe(2);
    expect(list.list.map((tag: { name: string; color: string }) => [tag.name, tag.color])).toEqual([
      ['水泵', '#FF8800'],
      ['Meter room', '#1677FF'],
    ]);
    const filtered = await tagList(api, `?keyword=${encodeURIComponent('meter')}`);
    expect(filtered.list.map((tag: { id: number }) => tag.id)).toEqual([meter.id]);
    expect((await tagList(api, '?keyword=%25')).total).toBe(0);
    expect((await tagList(api, '?pageNum=2&pageSize=1')).list.map((tag: { id: number }) => tag.id)).toEqual([meter.id]);

    expect(body(await api({ method: 'POST', url: '/general/tag/updateTag', payload: { id: pump.data.id, name: '水泵房', color: '#00AA00' } })).code).toBe(0);
    // Keeping its own name is not a duplicate.
    expect(body(await api({ method: 'POST', url: '/general/tag/updateTag', payload: { id: pump.data.id, name: '水泵房', color: '#00AA01' } })).code).toBe(0);
    expect((await tagList(api)).list[0]).toMatchObject({ id: pump.data.id, name: '水泵房', color: '#00AA01' });

    expect(body(await api({ method: 'POST', url: '/general/tag/deleteTag', payload: { id: pump.data.id } })).code).toBe(0);
    expect((await tagList(api)).list.map((tag: { id: number }) => tag.id)).toEqual([meter.id]);
    expect(body(await api({ method: 'POST', url: '/general/tag/deleteTag', payload: { id: pump.data.id } })).code).toBe(40400);
  });

  it('refuses a duplicate name in the company with 40900, on add and on rename', async () => {
    const { api } = await member(t.app, ['sys_tag']);
    await addTag(api, { name: 'Line A' });
    const other = body(await addTag(api, { name: 'Line B' })).data;
    const duplicate = await addTag(api, { name: 'Line A', color: '#000000' });
    expect(duplicate.statusCode).toBe(409);
    expect(body(duplicate)).toEqual({ code: 40900, msg: '标签名称已存在', data: null });
    expect(body(await addTag(api, { name: 'Line A' }, en)).msg).toBe('A tag with this name already exists');
    const rename = await api({ method: 'POST', url: '/general/tag/updateTag', payload: { id: other.id, name: 'Line A', color: '#000000' } });
    expect(body(rename).code).toBe(40900);
  });

  it('checks name and color', async () => {
    const { api } = await member(t.app, ['sys_tag']);
    const empty = await addTag(api, { name: '  ' });
    expect(body(empty)).toEqual({ code: 50001, msg: '验证失败', data: '名称不能为空' });
    expect(body(await addTag(api, { name: '' }, en)).data).toBe('The name is required');
    expect(body(await addTag(api, { name: '字'.repeat(25) })).code).toBe(0);
    expect(body(await addTag(api, { name: '字'.repeat(26) })).code).toBe(50001);
    for (const color of ['red', '#12345', '#1234567', 'FF0000', '#GG0000']) {
      expect(body(await addTag(api, { name: `c ${color}`, color })).code).toBe(50001);
    }
  });

  it('needs sys_tag', async () => {
    const { api } = await member(t.app, []);
    expect((await api({ url: '/general/tag/getTagList' })).statusCode).toBe(403);
    expect(body(await addTag(api, { name: 'x' })).code).toBe(40300);
  });

  it('keeps companies apart: another company’s tags are not found, and names may repeat across companies', async () => {
    const alice = await member(t.app, ['sys_tag']);
    const bob = await member(t.app, ['sys_tag']);
    const tag = body(await addTag(alice.api, { name: 'Boiler' })).data;
    expect((await tagList(bob.api)).total).toBe(0);
    const update = await bob.api({ method: 'POST', url: '/general/tag/updateTag', payload: { id: tag.id, name: 'Hacked', color: '#000000' } });
    expect(update.statusCode).toBe(404);
    expect(body(update).code).toBe(40400);
    expect(body(await bob.api({ method: 'POST', url: '/general/tag/deleteTag', payload: { id: tag.id } })).code).toBe(40400);
    expect(body(await addTag(bob.api, { name: 'Boiler' })).code).toBe(0);
    expect((await tagList(alice.api)).list).toEqual([expect.objectContaining({ id: tag.id, name: 'Boiler' })]);
  });
});

describe('device access (ioSocket)', () => {
  const ioSocket = async (api: Api, headers: Record<string, string> = {}) => body(await api({ url: '/general/company/getIoSocket', headers }));
  const regenerate = async (api: Api) => body(await api({ method: 'POST', url: '/general/company/regenerateIoSocketSecret' })).data;
  const storedHash = async (companyId: number) =>
    (await t.app.platform.db.selectFrom('company_device_access').select('secret_hash').where('company_id', '=', companyId).executeTakeFirstOrThrow()).secret_hash;

  it('creates the credentials on first read and answers the same access key after', async () => {
    const { api } = await member(t.app, ['sys_io_socket']);
    const first = await ioSocket(api, { host: 'console.example.com:8080' });
    expect(first.code).toBe(0);
    expect(first.data).toEqual({
      mqttHost: 'console.example.com',
      mqttPort: 1883,
      topicPrefix: 'sd/',
      accessKey: expect.stringMatching(/^sd[0-9a-f]{24}$/),
      secretHint: expect.stringMatching(/^[A-Za-z0-9_-]{4}$/),
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      // No broker in this test app: only the HTTP device API, at the console's own address.
      transports: [
        {
          kind: 'http',
          url: 'http://console.example.com:8080/general/device-api/v1/{sn}/telemetry',
          eventUrl: 'http://console.example.com:8080/general/device-api/v1/{sn}/event',
        },
      ],
    });
    expect((await ioSocket(api)).data.accessKey).toBe(first.data.accessKey);
  });

  it('regenerates the secret: shown once, stored only as a hash, the old one stops working', async () => {
    const { api, companyId } = await member(t.app, ['sys_io_socket']);
    const { accessKey } = (await ioSocket(api)).data;
    const first = await regenerate(api);
    expect(first).toEqual({ accessKey, secret: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    expect((await ioSocket(api)).data.secretHint).toBe(first.secret.slice(-4));
    const hash = await storedHash(companyId);
    expect(hash).not.toContain(first.secret);
    expect(await verifyPassword(first.secret, hash)).toBe(true);

    const second = await regenerate(api);
    expect(second.accessKey).toBe(accessKey);
    expect(second.secret).not.toBe(first.secret);
    expect((await ioSocket(api)).data.secretHint).toBe(second.secret.slice(-4));
    expect(await verifyPassword(second.secret, await storedHash(companyId))).toBe(true);
    expect(await verifyPassword(first.secret, await storedHash(companyId))).toBe(false);
    // The secret itself is never read back.
    expect(JSON.stringify((await ioSocket(api)).data)).not.toContain(second.secret);
  });

  it('gives each company its own access key and needs sys_io_socket', async () => {
    const alice = await member(t.app, ['sys_io_socket']);
    const bob = await member(t.app, ['sys_io_socket']);
    expect((await ioSocket(alice.api)).data.accessKey).not.toBe((await ioSocket(bob.api)).data.accessKey);
    const outsider = await member(t.app, ['sys_tag']);
    expect((await ioSocket(outsider.api)).code).toBe(40300);
    expect(body(await outsider.api({ method: 'POST', url: '/general/company/regenerateIoSocketSecret' })).code).toBe(40300);
  });

  it('answers the configured public MQTT address when there is one', async () => {
    const configured = await createTestApp({ mqttPublicHost: 'mqtt.example.com', mqttPublicPort: 8883 });
    try {
      const { api } = await member(configured.app, ['sys_io_socket']);
      const answer = (await ioSocket(api, { host: 'console.example.com' })).data;
      expect([answer.mqttHost, answer.mqttPort]).toEqual(['mqtt.example.com', 8883]);
    } finally {
      await configured.close();
    }
  });

  it('documents the settings calls in OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/general/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    for (const [route, method] of [
      ['/general/tag/getTagList', 'get'],
      ['/general/tag/addTag', 'post'],
      ['/general/tag/updateTag', 'post'],
      ['/general/tag/deleteTag', 'post'],
      ['/general/company/getIoSocket', 'get'],
      ['/general/company/regenerateIoSocketSecret', 'post'],
    ] as const) {
      expect({ route, tags: doc.paths[route]?.[method]?.tags }).toEqual({ route, tags: ['settings'] });
    }
  });
});
