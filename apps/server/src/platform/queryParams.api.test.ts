import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * The two query forms of issue 33 (platform/queryParams.ts, docs/api.md): the spec's JSON strings
 * and the standard bracketed/repeated keys give the same answer; what the server cannot read is
 * refused with 50001 in the caller's language, never dropped.
 */
let t: TestApp;
let api: (options: InjectOptions) => Promise<LightMyRequestResponse>;
let itemId: number;

const en = { 'accept-language': 'en-US' };
const get = (url: string, headers: Record<string, string> = {}) => api({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp();
  const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'sd_item_group'] });
  api = as(t.app, await signIn(t.app, user.userName, user.password));
  const directoryId = body(await api({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name: 'Query forms' } })).data.id as number;
  const fields = [
    { name: 'Temperature', fieldName: 'temperature', type: 1, unit: '℃', priority: 1, decimalPlaces: 1 },
    { name: 'Label', fieldName: 'label', type: 5, unit: '', priority: 2 },
  ];
  const added = body(await api({ method: 'POST', url: '/general/dataItem/addDataItem', payload: { directoryId, name: 'Readings', kind: 10, fields } }));
  expect(added.code, JSON.stringify(added)).toBe(0);
  itemId = added.data.id;
  for (const [label, temperature] of [['alpha', 10], ['beta', 30], ['gamma', 20], ['delta', null]] as const) {
    expect(body(await api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId, values: { label, temperature } } })).code).toBe(0);
  }
});
afterAll(async () => {
  await t.close();
});

async function labels(query: string): Promise<unknown[]> {
  const answer = body(await get(`/general/dataItem/getRecords?itemId=${itemId}&${query}`));
  expect(answer.code, `${query}: ${JSON.stringify(answer)}`).toBe(0);
  return (answer.data.list as { values: { label: string } }[]).map((record) => record.values.label);
}

async function refusal(url: string): Promise<{ code: number; data: unknown }> {
  const answer = body(await get(url, en));
  return { code: answer.code, data: answer.data };
}

describe('query forms', () => {
  it('reads the JSON-string form and the bracketed form alike', async () => {
    const json = `sort=${encodeURIComponent(JSON.stringify({ field: 'temperature', order: 'asc' }))}&filters=${encodeURIComponent(JSON.stringify([{ field: 'temperature', op: 'gt', value: 15 }]))}`;
    expect(await labels(json)).toEqual(['gamma', 'beta']);
    expect(await labels('sort[field]=temperature&sort[order]=asc&filters[0][field]=temperature&filters[0][op]=gt&filters[0][value]=15')).toEqual(['gamma', 'beta']);
    // Percent-encoded brackets, as URLSearchParams and openapi-fetch write them.
    expect(await labels(new URLSearchParams({ 'sort[field]': 'temperature', 'sort[order]': 'desc', 'filters[0][field]': 'temperature', 'filters[0][op]': 'notEmpty' }).toString())).toEqual(['beta', 'gamma', 'alpha']);
    // The two forms mixed across parameters; the default order where sort says none.
    expect(await labels(`sort[field]=label&filters=${encodeURIComponent('[{"field":"label","op":"ne","value":"beta"}]')}`)).toEqual(['gamma', 'delta', 'alpha']);
  });

  it('reads lists inside the bracketed form: indices, [] and repeated keys', async () => {
    expect(await labels('sort[field]=label&sort[order]=asc&filters[0][field]=label&filters[0][op]=in&filters[0][value][]=alpha&filters[0][value][]=gamma')).toEqual(['alpha', 'gamma']);
    expect(await labels('sort[field]=label&sort[order]=asc&filters[0][field]=label&filters[0][op]=in&filters[0][value][0]=gamma&filters[0][value][1]=delta')).toEqual(['delta', 'gamma']);
    expect(await labels('sort[field]=label&sort[order]=asc&filters[0][field]=label&filters[0][op]=in&filters[0][value]=beta&filters[0][value]=delta')).toEqual(['beta', 'delta']);
    // Two filters, given out of order: indices order them.
    expect(await labels('filters[1][field]=temperature&filters[1][op]=lt&filters[1][value]=25&filters[0][field]=temperature&filters[0][op]=gt&filters[0][value]=5&sort[field]=temperature&sort[order]=asc')).toEqual(['alpha', 'gamma']);
  });

  it('reads timeRange as deepObject too', async () => {
    expect(await labels('timeRange[preset]=today&sort[field]=label&sort[order]=asc')).toEqual(['alpha', 'beta', 'delta', 'gamma']);
    expect(await labels('timeRange[preset]=yesterday')).toEqual([]);
    expect(await labels(`timeRange[from]=${Date.now() + 60_000}`)).toEqual([]);
    expect(await labels(`timeRange[from]=${Date.now() - 3_600_000}&timeRange[to]=${Date.now() + 60_000}&sort[field]=label&sort[order]=asc`)).toEqual(['alpha', 'beta', 'delta', 'gamma']);
  });

  it('refuses what it cannot read with 50001, worded, in both languages', async () => {
    const records = `/general/dataItem/getRecords?itemId=${itemId}`;
    const unreadable = (name: string) => ({ code: 50001, data: expect.stringContaining(`The query parameter ${name} is not written in a form this server reads`) });
    // One parameter in both forms at once.
    expect(await refusal(`${records}&sort=${encodeURIComponent('{"field":"label"}')}&sort[order]=asc`)).toEqual(unreadable('sort'));
    // Malformed, too deep, too high an index, a name and an index at one level, a key given twice.
    expect(await refusal(`${records}&filters[0]field]=label`)).toEqual(unreadable('filters[0]field]'));
    expect(await refusal(`${records}&filters[0][value][a][b][c]=1`)).toEqual(unreadable('filters[0][value][a][b][c]'));
    expect(await refusal(`${records}&filters[100][field]=label`)).toEqual(unreadable('filters[100][field]'));
    // Indices and names at one level make an object, which the schema refuses in its own words.
    expect(await refusal(`${records}&filters[0][field]=label&filters[x][field]=label`)).toEqual({ code: 50001, data: 'Filters must be a list' });
    expect(await refusal(`${records}&filters[0][field]=label&filters[]=x`)).toEqual({ code: 50001, data: 'Filters 2: Filters must be an object' });
    expect(await refusal(`${records}&sort[field][x]=1&sort[field]=label`)).toEqual(unreadable('sort[field]'));
    expect(await refusal(`${records}&__proto__[polluted]=1`)).toEqual(unreadable('__proto__'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A bracketed parameter the call does not take: zod would have dropped it in silence.
    expect(await refusal(`${records}&sortBy[field]=label`)).toEqual({ code: 50001, data: 'This call takes no query parameter sortBy' });
    expect(await refusal('/general/user/getUser?view[compact]=1')).toEqual({ code: 50001, data: 'This call takes no query parameter view' });
    const chinese = body(await get(`${records}&sortBy[field]=label`));
    expect(chinese).toMatchObject({ code: 50001, data: '此接口不接受查询参数 sortBy' });
    // The bracketed value is checked by the route's schema as the JSON one is.
    expect((await refusal(`${records}&sort[field]=label&sort[order]=sideways`)).code).toBe(50001);
    expect((await refusal(`${records}&filters[0][field]=label&filters[0][op]=near`)).code).toBe(50001);
    expect((await refusal(`${records}&sort[field]=label&sort[field]=temperature`)).code).toBe(50001);
  });

  it('leaves plain query strings as they were', async () => {
    expect(body(await get(`/general/dataItem/getRecords?itemId=${itemId}&pageNum=1&pageSize=2`)).data.list).toHaveLength(2);
    // A JSON value with its brackets unencoded is a value, not a bracketed key.
    expect(await labels('filters=[{"field":"label","op":"eq","value":"beta"}]')).toEqual(['beta']);
    expect((await refusal(`/general/dataItem/getRecords?itemId=${itemId}&filters=not%20json`)).code).toBe(50001);
  });
});
