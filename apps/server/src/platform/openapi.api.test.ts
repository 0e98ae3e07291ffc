import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import pinnedIds from './openapi.operationIds.json';
import { assignOperationIds, type OpenApiDocument } from './openapiDocument';

/**
 * The served OpenAPI document tells the truth (issue 33 item 1, docs/api.md): @redocly/cli
 * (pinned, recommended rules, no rule switched off) finds no error in it; every operation has a
 * stable operationId, its security, its responses; getToken is form-encoded; the query styles are
 * the ones the server reads.
 */
const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const run = promisify(execFile);

let t: TestApp;
let document: OpenApiDocument;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ url: '/general/docs/json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json<OpenApiDocument>();
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  dir = fs.mkdtempSync(path.join(root, '.tmp', 'openapi-lint-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Operation = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown>; parameters?: { in: string; name: string; style?: string; content?: unknown }[]; requestBody?: { content: Record<string, unknown> } };

function operations(): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([url, item]) => Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${url}`, operation as Operation] as [string, Operation]));
}

/**
 * Where a value and a JSON Schema of the document disagree: a field the schema does not name
 * (where it says additionalProperties: false), a required one missing, a wrong type. Enough of
 * JSON Schema for the answers' schemas (objects, arrays, anyOf, nullable types, records).
 */
function mismatches(schema: unknown, value: unknown, at: string): string[] {
  const s = (schema ?? {}) as { type?: string | string[]; properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown; items?: unknown; anyOf?: unknown[]; enum?: unknown[] };
  if (s.anyOf) {
    return s.anyOf.some((branch) => mismatches(branch, value, at).length === 0) ? [] : [`${at || '/'}: fits no branch`];
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (types.length > 0 && !types.includes(kind) && !(kind === 'integer' && types.includes('number'))) {
    return [`${at || '/'}: ${kind}, the document says ${types.join('|')}`];
  }
  if (s.enum && !s.enum.includes(value)) {
    return [`${at || '/'}: ${JSON.stringify(value)} not in ${JSON.stringify(s.enum)}`];
  }
  if (kind === 'array') {
    return (value as unknown[]).flatMap((item, index) => mismatches(s.items, item, `${at}/${index}`));
  }
  if (kind !== 'object') {
    return [];
  }
  const record = value as Record<string, unknown>;
  const properties = s.properties ?? {};
  const problems = (s.required ?? []).filter((key) => !(key in record)).map((key) => `${at}/${key}: missing`);
  for (const [key, inner] of Object.entries(record)) {
    if (key in properties) {
      problems.push(...mismatches(properties[key], inner, `${at}/${key}`));
    } else if (s.additionalProperties === false) {
      problems.push(`${at}/${key}: not in the document`);
    } else if (typeof s.additionalProperties === 'object') {
      problems.push(...mismatches(s.additionalProperties, inner, `${at}/${key}`));
    }
  }
  return problems;
}

describe('the served OpenAPI document', () => {
  it('passes redocly lint (recommended rules) with 0 errors, offline', async () => {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const cli = path.join(root, 'node_modules', '.bin', 'redocly');
    // No network: telemetry off, no update check (REDOCLY_SUPPRESS_UPDATE_NOTICE; CI does the same);
    // the built-in recommended rules, no config file to fetch or resolve.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    let stdout = '';
    let exitCode = 0;
    try {
      ({ stdout } = await run(cli, ['lint', file, '--extends=recommended', '--format=json', '--max-problems=10000'], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 }));
    } catch (error) {
      const failed = error as { stdout?: string; code?: number };
      stdout = failed.stdout ?? '';
      exitCode = failed.code ?? 1;
    }
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
    const errors = report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} @ ${problem.location[0]?.pointer}`);
    const warnings = report.problems.filter((problem) => problem.severity === 'warn');
    console.log(
      `redocly lint: ${operations().length} operations, ${report.totals.errors} errors, ${report.totals.warnings} warnings` +
        (warnings.length > 0 ? `:\n  ${warnings.map((problem) => `${problem.ruleId}: ${problem.message} @ ${problem.location[0]?.pointer}`).join('\n  ')}` : ''),
    );
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(exitCode).toBe(0);
  }, 180_000);

  it('is OpenAPI 3.1 with a server, and every operation has a unique operationId, its security and responses', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const all = operations();
    expect(all.length).toBeGreaterThan(300);
    const ids = all.map(([, operation]) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, operation] of all) {
      expect({ name, security: Array.isArray(operation.security) }).toEqual({ name, security: true });
      expect({ name, statuses: Object.keys(operation.responses ?? {}) }).toEqual({ name, statuses: expect.arrayContaining(['4XX', '5XX']) });
      expect({ name, success: Object.keys(operation.responses ?? {}).some((status) => /^[23]/.test(status)) }).toEqual({ name, success: true });
    }
  });

  it('keeps the operationIds clients use (openapi.operationIds.json): a name never changes once published', () => {
    const now = Object.fromEntries(operations().map(([name, operation]) => [name, operation.operationId]));
    const changed = Object.entries(pinnedIds as Record<string, string>)
      .filter(([name, id]) => now[name] !== id)
      .map(([name, id]) => `${name}: was ${id}, now ${now[name] ?? '(gone)'} — set schema.operationId on the route to keep ${id}`);
    expect(changed).toEqual([]);
    expect(now['POST /general/user/access/getToken']).toBe('getToken');
    expect(now['GET /general/dataItem/getRecords']).toBe('getRecords');
    expect(now['GET /general/order/getOrderList']).toBe('orderGetOrderList');
    expect(now['GET /general/sales/getOrderList']).toBe('salesGetOrderList');
  });

  it('names operations from the paths alone, in any order of registration', () => {
    const paths = (list: string[]): OpenApiDocument => ({ openapi: '3.1.0', info: {}, paths: Object.fromEntries(list.map((url) => [url, { get: {} }])) });
    const one = paths(['/general/a/getList', '/general/b/getList', '/general/b/getItem', '/general/device/bind', '/general/x/y/getList']);
    const two = paths(['/general/x/y/getList', '/general/device/bind', '/general/b/getItem', '/general/b/getList', '/general/a/getList']);
    assignOperationIds(one);
    assignOperationIds(two);
    const names = (doc: OpenApiDocument) => Object.fromEntries(Object.entries(doc.paths).map(([url, item]) => [url, item.get!.operationId]));
    expect(names(one)).toEqual({ '/general/a/getList': 'aGetList', '/general/b/getList': 'bGetList', '/general/b/getItem': 'getItem', '/general/device/bind': 'deviceBind', '/general/x/y/getList': 'yGetList' });
    expect(names(two)).toEqual(names(one));
  });

  it('declares sign-in form-encoded and public; private calls with the bearer; devices with Basic', () => {
    const byName = Object.fromEntries(operations());
    const getToken = byName['POST /general/user/access/getToken']!;
    expect(Object.keys(getToken.requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(getToken.security).toEqual([]);
    expect(getToken.responses!['200']).toMatchObject({ content: { 'application/json': { schema: { properties: { data: { properties: { token: { type: 'string' } } } } } } } });
    expect(byName['GET /general/health']!.security).toEqual([]);
    expect(byName['GET /general/dataItem/getRecords']!.security).toEqual([{ bearer: [] }]);
    expect(byName['POST /general/device-api/v1/{sn}/telemetry']!.security).toEqual([{ deviceBasic: [] }]);
    const publicRoutes = t.app.routeTable.filter((route) => route.public && !route.deviceTraffic && route.url.startsWith('/general/') && byName[`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{key}')}`]);
    expect(publicRoutes.length).toBeGreaterThan(10);
    for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/general/'))) {
      const operation = byName[`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{key}')}`];
      if (operation && !route.deviceTraffic) {
        expect({ route: route.url, security: operation.security }).toEqual({ route: route.url, security: route.public ? [] : [{ bearer: [] }] });
      }
    }
  });

  it('names the wildcard paths’ parameter and declares query styles as the server reads them', () => {
    expect(Object.keys(document.paths).filter((url) => url.includes('*'))).toEqual([]);
    const object = (document.paths['/general/cos/object/{key}']!.get as Operation).parameters!;
    expect(object.find((parameter) => parameter.in === 'path')).toMatchObject({ name: 'key', required: true });
    const records = (document.paths['/general/dataItem/getRecords']!.get as Operation).parameters!;
    expect(records.find((parameter) => parameter.name === 'sort')).toMatchObject({ style: 'deepObject', explode: true });
    expect(records.find((parameter) => parameter.name === 'timeRange')).toMatchObject({ style: 'deepObject', explode: true });
    expect(records.find((parameter) => parameter.name === 'filters')).toMatchObject({ content: { 'application/json': { schema: { type: 'array' } } } });
  });

  it('declares answers that match what the calls answer: no field left out, none made up', async () => {
    const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'sd_item_group', 'sys_api_key'] });
    const api = as(t.app, await signIn(t.app, user.userName, user.password));
    const directoryId = body(await api({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name: 'Answers' } })).data.id as number;
    const fields = [{ name: 'Label', fieldName: 'label', type: 5, unit: '', priority: 1 }];
    const itemId = body(await api({ method: 'POST', url: '/general/dataItem/addDataItem', payload: { directoryId, name: 'Answers', kind: 10, fields } })).data.id as number;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const calls: [string, string, () => Promise<unknown>][] = [
      ['post', '/general/user/access/getToken', async () => t.app.inject({ method: 'POST', url: '/general/user/access/getToken', headers: form, payload: new URLSearchParams({ username: user.userName, password: user.password }).toString() })],
      ['get', '/general/health', async () => t.app.inject({ url: '/general/health' })],
      ['get', '/general/user/getNotice', async () => api({ url: '/general/user/getNotice' })],
      ['post', '/general/dataItem/addRecord', async () => api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId, values: { label: 'a' } } })],
      ['get', '/general/dataItem/getRecords', async () => api({ url: `/general/dataItem/getRecords?itemId=${itemId}` })],
      ['post', '/general/apiKey/addKey', async () => api({ method: 'POST', url: '/general/apiKey/addKey', payload: { name: 'answers', codes: ['sd_capsule'] } })],
      ['get', '/general/apiKey/getKeys', async () => api({ url: '/general/apiKey/getKeys' })],
    ];
    let recordId = 0;
    for (const [method, url, call] of calls) {
      const answer = ((await call()) as { json: () => { code: number; data: { id?: number; list?: { id: number }[] } } }).json();
      expect({ url, code: answer.code }).toEqual({ url, code: 0 });
      recordId ||= url.endsWith('addRecord') ? answer.data.id! : 0;
      const schema = (document.paths[url]![method] as { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }).responses['200']!.content!['application/json']!.schema;
      expect({ url, problems: mismatches(schema, answer, '') }).toEqual({ url, problems: [] });
    }
    const one = (await api({ url: `/general/dataItem/getRecord?id=${recordId}` })).json<unknown>();
    const schema = (document.paths['/general/dataItem/getRecord']!.get as { responses: Record<string, { content: Record<string, { schema: unknown }> }> }).responses['200']!.content['application/json']!.schema;
    expect(mismatches(schema, one, '')).toEqual([]);
  });

  it('serves the reference page and its files from the package, public and without a CDN', async () => {
    const page = await t.app.inject({ url: '/general/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-ui.css', 'swagger-initializer.js']) {
      const answer = await t.app.inject({ url: `/general/docs/static/${file}` });
      expect({ file, status: answer.statusCode }).toEqual({ file, status: 200 });
    }
    expect((await t.app.inject({ url: '/general/docs/yaml' })).body).toContain('openapi: 3.1.0');
  });
});
