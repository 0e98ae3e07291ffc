import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Issue 12, findings 4 and 5: loose input types and untranslated framework refusals. Every refusal
 * here is a 50001 (or 41300) envelope worded in the caller's language; nothing is written.
 */

let t: TestApp;
let call: ReturnType<typeof as>;
let directoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'cd_device'] });
  call = as(t.app, await signIn(t.app, user.userName, user.password));
  directoryId = body(await call({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name: '车间' } })).data.id;
});
afterAll(async () => {
  await t.close();
});

const en = { 'accept-language': 'en-US' };

async function tree(): Promise<unknown> {
  return body(await call({ url: '/general/cabin/getTree' })).data;
}

describe('ids are positive integers, never coerced from other JSON values', () => {
  // (null, '' and an absent parentId mean the root, by design.)
  it.each([true, false, [directoryId], { id: directoryId }, ' ', 0, 1.5])('parentId %j is refused and nothing is created', async (parentId) => {
    const before = await tree();
    const answer = await call({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId, name: `子目录${String(parentId)}` } });
    expect(body(answer).code).toBe(50001);
    expect(await tree()).toEqual(before);
  });

  it('JSON true is not id 1 on a rename either, and the refusal names the field in Chinese', async () => {
    const answer = body(await call({ method: 'POST', url: '/general/cabin/renameNode', payload: { id: true, name: '新名字' } }));
    expect(answer).toEqual({ code: 50001, msg: '验证失败', data: '编号应为数字' });
  });

  it('a number written as text still works where a query string carries it', async () => {
    expect(body(await call({ url: `/general/dataItem/getDataItemList?directoryId=${directoryId}&pageNum=1&pageSize=20` })).code).toBe(0);
  });
});

describe('zod refusals are worded, never raw framework English', () => {
  it.each([
    [{ parentId: 'x', name: 'a' }, 'zh-CN', '上级目录应为数字'],
    [{ parentId: 'x', name: 'a' }, 'en-US', 'Parent directory must be a number'],
    [{ parentId: -3, name: 'a' }, 'zh-CN', '上级目录须大于 0'],
    [{ parentId: null }, 'zh-CN', '名称不能为空'],
    [{ parentId: null, name: 5 }, 'en-US', 'Name must be text'],
  ])('addDirectory %j in %s', async (payload, locale, text) => {
    const answer = body(await call({ method: 'POST', url: '/general/cabin/addDirectory', payload, headers: { 'accept-language': locale } }));
    expect(answer.code).toBe(50001);
    expect(answer.data).toBe(text);
  });

  it('a record whose values are not an object is told so in words, not as the schema type "record"', async () => {
    for (const [url, payload] of [
      ['/general/dataItem/addRecord', { itemId: 1, values: 'x' }],
      ['/general/dataItem/updateRecord', { itemId: 1, id: 1, values: [1] }],
    ] as const) {
      const zh = body(await call({ method: 'POST', url, payload }));
      expect(zh.code).toBe(50001);
      expect(zh.data).not.toMatch(/record/);
      expect(zh.data).toMatch(/“字段: 值”形式的对象$/);
      const en = body(await call({ method: 'POST', url, payload, headers: { 'accept-language': 'en-US' } }));
      expect(en.data).toMatch(/must be an object of "field: value" pairs$/);
    }
  });

  it('a page size above the limit names the field and the limit', async () => {
    const answer = body(await call({ url: '/general/dataItem/getDataItemList?pageNum=1&pageSize=100000' }));
    expect(answer.data).toMatch(/^每页条数不能大于 \d+$/);
  });
});

describe('names: one rule on every name field', () => {
  const badNames: [string, string][] = [
    ['\u200b\u200b', '名称不能为空'],
    [' \u3000 ', '名称不能为空'],
    ['bad\u0000name', '不能包含控制字符或文字方向控制符'],
    ['abc\u202Edcba', '不能包含控制字符或文字方向控制符'],
    ['half\ud800', '包含无效的字符'],
  ];

  it.each(badNames)('addDirectory refuses %j and stores nothing', async (name, text) => {
    const before = await tree();
    const answer = body(await call({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name } }));
    expect(answer).toEqual({ code: 50001, msg: '验证失败', data: text });
    expect(await tree()).toEqual(before);
  });

  it.each(badNames)('renameNode, addDataItem and addDevice refuse %j too', async (name, text) => {
    const calls = [
      { url: '/general/cabin/renameNode', payload: { id: directoryId, name } },
      { url: '/general/dataItem/addDataItem', payload: { directoryId, name, kind: 10, fields: [{ name: '温度', fieldName: 't', type: 1 }] } },
      { url: '/general/device/addDevice', payload: { sn: 'NAMECHECK01', name, model: 'SD-DTU' } },
    ];
    for (const request of calls) {
      const answer = body(await call({ method: 'POST', ...request }));
      expect(answer.code, request.url).toBe(50001);
      expect(answer.data, request.url).toBe(text);
    }
  });

  it('stores a name NFC-normalised: the same word typed two ways is one name', async () => {
    const decomposed = body(await call({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name: 'Cafe\u0301' } }));
    expect(decomposed.code).toBe(0);
    const composed = body(await call({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name: 'Caf\u00e9' } }));
    expect(composed.code).toBe(40900);
  });
});

describe('request bodies', () => {
  it('a JSON route refuses a form-encoded body with 415, in both languages, and changes nothing', async () => {
    const before = await tree();
    for (const [headers, text] of [
      [{}, '请求内容须为 JSON（Content-Type: application/json）'],
      [en, 'The request body must be JSON (Content-Type: application/json)'],
    ] as const) {
      const answer = await call({
        method: 'POST',
        url: '/general/cabin/addDirectory',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'parentId=&name=form-made',
      });
      expect(answer.statusCode).toBe(415);
      expect(body(answer)).toMatchObject({ code: 50001, data: text });
    }
    expect(await tree()).toEqual(before);
  });

  it('getToken takes form-encoded fields only (spec §7)', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/general/user/access/getToken', payload: { username: 'admin', password: 'x' } });
    expect(answer.statusCode).toBe(415);
    expect(body(answer).data).toBe('请求内容须为表单（application/x-www-form-urlencoded）');
  });

  it('malformed JSON is refused in words', async () => {
    const answer = await call({ method: 'POST', url: '/general/cabin/addDirectory', headers: { 'content-type': 'application/json' }, payload: '{"parentId": null, "name": ' });
    expect(answer.statusCode).toBe(400);
    expect(body(answer)).toEqual({ code: 50001, msg: '验证失败', data: '请求内容不是有效的 JSON' });
    const english = await call({ method: 'POST', url: '/general/cabin/addDirectory', headers: { 'content-type': 'application/json', ...en }, payload: '{' });
    expect(body(english).data).toBe('The request body is not valid JSON');
  });

  it('a JSON body over 1 MB is refused (41300) where a route did not ask for more', async () => {
    const answer = await call({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name: 'x', pad: 'y'.repeat(1100 * 1024) } });
    expect(answer.statusCode).toBe(413);
    expect(body(answer).code).toBe(41300);
  });
});
