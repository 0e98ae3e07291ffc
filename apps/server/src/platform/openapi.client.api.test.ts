import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * A client generated from the served document works (issue 33, "Done when"): openapi-typescript
 * (pinned) turns /general/docs/json into types, tsc type-checks a small program written against
 * them with openapi-fetch (pinned), and the program — over real HTTP — signs in through getToken
 * (form-encoded, as declared), makes an API key with addKey, and with the key lists records with a
 * sort and a filter sent the standard ways: sort as deepObject (openapi-fetch's default), filters
 * as the JSON text the document declares, and again with indexed brackets. The answers come back
 * sorted and filtered.
 */
const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const run = promisify(execFile);

let t: TestApp;
let dir: string;
let baseUrl: string;
let account: { username: string; password: string };
let itemId: number;

/** The program an integrator would write; checked by tsc against the generated types. */
const program = `import createClient, { createQuerySerializer } from 'openapi-fetch';
import type { paths } from './schema';

/** qs-style brackets for every parameter: sort[field]=…, filters[0][field]=… (a list of objects sent as keys). */
function bracketed(query: Record<string, unknown>): string {
  const parts: string[] = [];
  const put = (name: string, value: unknown): void => {
    if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        put(\`\${name}[\${key}]\`, inner);
      }
    } else if (value !== undefined) {
      parts.push(\`\${encodeURIComponent(name)}=\${encodeURIComponent(String(value))}\`);
    }
  };
  for (const [name, value] of Object.entries(query)) {
    put(name, name === 'filters' && typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
  }
  return parts.join('&');
}

export interface Outcome {
  tokenLength: number;
  keyPrefix: string;
  asDeclared: { labels: string[]; temperatures: unknown[]; total: number };
  withBrackets: { labels: string[]; total: number };
  query: string;
}

export async function main(baseUrl: string, username: string, password: string, itemId: number): Promise<Outcome> {
  const client = createClient<paths>({ baseUrl });
  // The document declares getToken form-encoded: openapi-fetch writes the body as a form for it.
  const signIn = await client.POST('/general/user/access/getToken', {
    body: { username, password },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (!signIn.data || signIn.data.code !== 0) {
    throw new Error(\`sign-in refused: \${JSON.stringify(signIn.error ?? signIn.data)}\`);
  }
  const token: string = signIn.data.data.token;

  const made = await client.POST('/general/apiKey/addKey', {
    body: { name: 'generated client', codes: ['sd_capsule', 'sd_item_group'] },
    headers: { authorization: \`Bearer \${token}\` },
  });
  if (!made.data || made.data.code !== 0) {
    throw new Error(\`addKey refused: \${JSON.stringify(made.error ?? made.data)}\`);
  }
  const key: string = made.data.data.key;

  const withKey = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${key}\` } });
  const query = {
    itemId,
    pageSize: 50,
    // deepObject: sort[field]=temperature&sort[order]=asc
    sort: { field: 'temperature', order: 'asc' as const },
    // The document declares filters as JSON text (a list of objects has no deepObject form).
    filters: JSON.stringify([{ field: 'temperature', op: 'gt', value: 15 }]),
  };
  const declared = await withKey.GET('/general/dataItem/getRecords', { params: { query } });
  if (!declared.data || declared.data.code !== 0) {
    throw new Error(\`getRecords refused: \${JSON.stringify(declared.error ?? declared.data)}\`);
  }
  const page = declared.data.data;

  const brackets = await withKey.GET('/general/dataItem/getRecords', { params: { query }, querySerializer: bracketed });
  if (!brackets.data || brackets.data.code !== 0) {
    throw new Error(\`getRecords (brackets) refused: \${JSON.stringify(brackets.error ?? brackets.data)}\`);
  }

  return {
    tokenLength: token.length,
    keyPrefix: key.slice(0, 4),
    asDeclared: { labels: page.list.map((record) => String(record.values.label)), temperatures: page.list.map((record) => record.values.temperature), total: page.total },
    withBrackets: { labels: brackets.data.data.list.map((record) => String(record.values.label)), total: brackets.data.data.total },
    query: createQuerySerializer()(query),
  };
}
`;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'sd_item_group', 'sys_api_key'] });
  account = { username: user.userName, password: user.password };
  const api = as(t.app, await signIn(t.app, user.userName, user.password));
  const directoryId = body(await api({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name: 'Generated client' } })).data.id as number;
  const fields = [
    { name: 'Temperature', fieldName: 'temperature', type: 1, unit: '℃', priority: 1, decimalPlaces: 1 },
    { name: 'Label', fieldName: 'label', type: 5, unit: '', priority: 2 },
  ];
  const added = body(await api({ method: 'POST', url: '/general/dataItem/addDataItem', payload: { directoryId, name: 'Readings', kind: 10, fields } }));
  expect(added.code, JSON.stringify(added)).toBe(0);
  itemId = added.data.id;
  for (const [label, temperature] of [['alpha', 10], ['beta', 30], ['gamma', 20], ['delta', 16], ['epsilon', null]] as const) {
    expect(body(await api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId, values: { label, temperature } } })).code).toBe(0);
  }
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  dir = fs.mkdtempSync(path.join(root, '.tmp', 'openapi-client-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a client generated from the served document', () => {
  it('type-checks, signs in, makes an API key and lists records sorted and filtered with it', async () => {
    const served = await fetch(`${baseUrl}/general/docs/json`);
    expect(served.status).toBe(200);
    const types = astToString(await openapiTS((await served.json()) as never, { silent: true }));
    fs.writeFileSync(path.join(dir, 'schema.d.ts'), types);
    fs.writeFileSync(path.join(dir, 'client.ts'), program);
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [], skipLibCheck: true, noUncheckedIndexedAccess: true },
        files: ['client.ts'],
      }),
    );
    const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
    const checked = await run(tsc, ['-p', path.join(dir, 'tsconfig.json')], { cwd: dir, timeout: 150_000 }).then(
      () => 'clean',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe('clean');

    const { main } = (await import(pathToFileURL(path.join(dir, 'client.ts')).href)) as { main: (baseUrl: string, username: string, password: string, itemId: number) => Promise<Record<string, any>> };
    const outcome = await main(baseUrl, account.username, account.password, itemId);
    expect(outcome.tokenLength).toBeGreaterThan(20);
    expect(outcome.keyPrefix).toBe('sdk_');
    // Filtered (temperature > 15) and sorted (ascending), read with the key.
    expect(outcome.asDeclared).toEqual({ labels: ['delta', 'gamma', 'beta'], temperatures: [16, 20, 30], total: 3 });
    expect(outcome.withBrackets).toEqual({ labels: ['delta', 'gamma', 'beta'], total: 3 });
    // The standard serialization it sent: deepObject for sort, the JSON text for filters.
    expect(decodeURIComponent(outcome.query)).toContain('sort[field]=temperature&sort[order]=asc');
    // The key was made through the call and is listed (never the key itself).
    const keys = body(await t.app.inject({ url: '/general/apiKey/getKeys', headers: { authorization: `Bearer ${await signIn(t.app, account.username, account.password)}` } }));
    expect(keys.data.list.map((key: { name: string }) => key.name)).toContain('generated client');
  }, 240_000);
});
