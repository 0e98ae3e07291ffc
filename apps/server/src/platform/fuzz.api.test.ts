import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissionCodes, platformOnlyCodes } from '@smartdata/domain';
import { adminPassword, as, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { asQueryString } from '@server/test/schemaSample';
import { fuzzedValues, rawBodies, rawQueries } from '@server/test/schemaFuzz';
import { UsersRepository } from '../modules/users/users.repository';
import { hashPassword } from './auth/passwords';
import type { RouteEntry } from './routeTable';

/**
 * The generated fuzz of issue 12: fast-check over the request schema of every route of the route
 * table (test/schemaFuzz.ts: the route's valid sample wrong in one place — wrong types, limits,
 * huge strings, unicode edge cases, NaN/∞, nested objects, injection strings), plus raw bodies and
 * query strings, sent through app.inject in both languages. Every answer: never a 5xx, always the
 * envelope, a refusal worded in the caller's language (no raw framework English; Chinese in
 * zh-CN), and a refused call changes no row (every table counted after each call). The database's
 * own checks at the end.
 *
 * Seed: FUZZ_SEED, else 1123 in CI, else random — printed, so a failure replays with FUZZ_SEED=<seed>.
 * FUZZ_RUNS sets the generated values per route (default 16).
 */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.CI ? 1123 : Math.floor(Math.random() * 2 ** 31);
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 16);

/** Not fuzzed, with why (printed). */
const exempt: Record<string, string> = {
  'GET /general/user/access/logout': 'ends the fuzzing session and takes no input',
  'GET /general/user/access/getSmsCode': 'sends an SMS per call, rate limited per phone (auth.api.test.ts)',
  'PUT /general/cos/upload': 'a raw file stream behind a signed URL, not JSON (storage.api.test.ts)',
  'GET /general/docs': 'API description page (HTML), no input',
  'GET /general/docs/json': 'API description (OpenAPI JSON, not an envelope by design), no input',
};
const skipped = (route: RouteEntry) =>
  route.websocket || !route.url.startsWith('/general/') || route.url.startsWith('/general/test/') || `${route.method} ${route.url}` in exempt;

/** Tables a refused call may still write: the audit log records refused writes; failed password checks are counted. */
const mayChange = new Set(['audit_log', 'auth_failure']);
/** Framework English that must never reach a user. */
const rawEnglish = /Invalid input|Too small|Too big|expected (a |an )?(string|number|boolean|object|array|int)|Unsupported Media Type|Body is not valid JSON|Unexpected token|must be string|must have required property|body\/|querystring\//;
const cjk = /[\u4e00-\u9fff]/;

let t: TestApp;
let tables: string[];
const member = { userName: '', password: '', token: '' };
let adminToken = '';

async function newMember() {
  const codes = allPermissionCodes.filter((code) => !platformOnlyCodes.includes(code));
  const user = await createCompanyUser(t.app, { codes });
  Object.assign(member, { userName: user.userName, password: user.password, token: await signIn(t.app, user.userName, user.password) });
}

/** Signs in again after a call ended the session (70004/70006); a new member when the account itself is gone or locked. */
async function renewSession(platform: boolean) {
  if (platform) {
    try {
      adminToken = await signIn(t.app, 'admin', adminPassword);
    } catch {
      // updateSysUser may legitimately change the administrator's own password or status (its id
      // fuzzed to 1): put them back, then sign in.
      const users = new UsersRepository(t.app.platform.db);
      const admin = await users.findByUserName('admin');
      await users.update(admin!.id, { passwordHash: await hashPassword(adminPassword), status: 'active' });
      adminToken = await signIn(t.app, 'admin', adminPassword);
    }
    return;
  }
  try {
    member.token = await signIn(t.app, member.userName, member.password);
  } catch {
    await newMember();
  }
}

/** Rows of every table in one statement (a UNION ALL of counts), cheap enough after each call on SQLite and PostgreSQL. */
async function counts(): Promise<Record<string, number>> {
  const parts = tables.map((table) => sql`select ${table} as t, count(*) as n from ${sql.table(table)}`);
  const rows = await sql<{ t: string; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(t.app.platform.db);
  return Object.fromEntries(rows.rows.map((row) => [row.t, Number(row.n)]));
}

beforeAll(async () => {
  t = await createTestApp();
  tables = (await t.app.platform.db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
  await newMember();
  adminToken = await signIn(t.app, 'admin', adminPassword);
});
afterAll(async () => {
  await t.close();
});

function problemsOf(answer: LightMyRequestResponse, locale: string): string[] {
  if (answer.statusCode >= 500) {
    return [`HTTP ${answer.statusCode}: ${answer.payload.slice(0, 200)}`];
  }
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.includes('application/json')) {
    // A file (export, download) is an answer too, when it is a success.
    return answer.statusCode === 200 ? [] : [`HTTP ${answer.statusCode} without an envelope (${type})`];
  }
  let envelope: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = JSON.parse(answer.payload) as typeof envelope;
  } catch {
    return [`not JSON: ${answer.payload.slice(0, 120)}`];
  }
  if (typeof envelope.code !== 'number' || typeof envelope.msg !== 'string' || !('data' in envelope)) {
    return [`not an envelope: ${answer.payload.slice(0, 160)}`];
  }
  if (envelope.code === 0) {
    return [];
  }
  // The reason of a validation refusal travels in `data` (msg is 验证失败 / Validation failed): both are checked.
  const texts = [envelope.msg, ...(typeof envelope.data === 'string' ? [envelope.data] : [])];
  const problems: string[] = [];
  if (texts.some((text) => rawEnglish.test(text))) {
    problems.push(`untranslated: ${texts.join(' | ').slice(0, 200)}`);
  }
  if (locale === 'zh-CN' && texts.some((text) => !cjk.test(text))) {
    problems.push(`not Chinese in zh-CN: ${texts.join(' | ').slice(0, 200)}`);
  }
  return problems;
}

const codeOf = (answer: LightMyRequestResponse): number | undefined => {
  try {
    return (JSON.parse(answer.payload) as { code?: number }).code;
  } catch {
    return undefined;
  }
};

interface Attempt {
  label: string;
  url: string;
  payload?: string;
}

describe('generated fuzz over every request schema', () => {
  it('never a 5xx, always the envelope, a translated refusal, and a refused call writes no row', async () => {
    const started = Date.now();
    console.log(`fuzz: seed ${seed} (replay with FUZZ_SEED=${seed}), ${runsPerRoute} generated values per route`);
    // Creating routes first and removing ones last: the ids 1 of the valid samples then name the
    // member's own new objects (a fresh database), so valid-shaped bodies reach the services' writes.
    const stage = (route: RouteEntry) => (/\/(add|create|insert|import)/i.test(route.url) ? 0 : /\/(delete|remove|quit|clear)/i.test(route.url) ? 2 : 1);
    const routes = t.app.routeTable.filter((route) => !skipped(route)).sort((a, b) => stage(a) - stage(b));
    const failures: string[] = [];
    let calls = 0;
    const answered: Record<string, number> = {};
    let current = await counts();
    for (const [index, route] of routes.entries()) {
      const name = `${route.method} ${route.url}`;
      const platform = route.platformAdmin;
      // Ids of the valid sample: 1 for a member (other companies' objects or the member's own),
      // none for the platform administrator (no call can remove the platform company or its admin).
      const idFor = platform ? () => 999_999 : () => 1;
      const schema = route.method === 'GET' ? route.query : route.body;
      const values = fc.sample(fuzzedValues(schema, { idFor }), { seed: seed + index, numRuns: runsPerRoute });
      const url = route.url.replace(/:[A-Za-z]+/g, '999999').replace(/\*$/, 'c1/private/00000000-0000-4000-8000-000000000000.png');
      const attempts: Attempt[] =
        route.method === 'GET'
          ? [...values.map((value) => ({ label: asQueryString(value).slice(0, 100), url: `${url}${asQueryString(value)}` })), ...rawQueries.map((raw) => ({ label: `raw ${raw.slice(0, 60)}`, url: `${url}${raw}` }))]
          : [
              ...values.map((value) => ({ label: (JSON.stringify(value) ?? 'undefined').slice(0, 100), url, payload: JSON.stringify(value) ?? '' })),
              ...rawBodies.map((raw) => ({ label: `raw ${raw.slice(0, 60)}`, url, payload: raw })),
            ];
      let allRefused = true;
      for (const [n, attempt] of attempts.entries()) {
        const locale = n % 2 === 0 ? 'zh-CN' : 'en-US';
        const send = () =>
          as(t.app, platform ? adminToken : member.token)({
            method: route.method as 'POST',
            url: attempt.url,
            headers: { 'accept-language': locale, ...(attempt.payload === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
          });
        let answer = await send();
        const code = codeOf(answer);
        if (code === 70004 || code === 70006) {
          // The call before ended the session (a password or a user of the caller changed): sign in again, same call.
          await renewSession(platform);
          current = await counts();
          answer = await send();
        }
        calls += 1;
        answered[String(codeOf(answer) ?? answer.statusCode)] = (answered[String(codeOf(answer) ?? answer.statusCode)] ?? 0) + 1;
        if (process.env.FUZZ_TRACE) {
          console.log(name, locale, attempt.label.slice(0, 60), '→', answer.statusCode, answer.payload.slice(0, 160));
        }
        const problems = problemsOf(answer, locale);
        const refused = answer.statusCode !== 200 || (codeOf(answer) ?? 0) !== 0;
        allRefused &&= refused;
        // Writes are counted after each call; reads once after the route's batch (a read writes nothing).
        if (route.method !== 'GET' || n === attempts.length - 1) {
          const after = await counts();
          if (route.method === 'GET' ? allRefused : refused) {
            const moved = tables.filter((table) => !mayChange.has(table) && current[table] !== after[table]);
            if (moved.length > 0) {
              problems.push(`refused (${codeOf(answer)}) but wrote ${moved.map((table) => `${table} ${current[table]}→${after[table]}`).join(', ')}`);
            }
          }
          current = after;
        }
        failures.push(...problems.map((problem) => `${name} [${locale}] ${attempt.label}: ${problem}`));
      }
    }
    let integrity: unknown[] = [];
    if (t.app.platform.dbKind === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.app.platform.db);
      const foreignKeys = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(t.app.platform.db);
      integrity = [...check.rows.filter((row) => row.integrity_check !== 'ok'), ...foreignKeys.rows];
    } else {
      // PostgreSQL enforces its constraints on every write; every table must still answer.
      await counts();
    }
    const reasonOf = (route: RouteEntry) =>
      exempt[`${route.method} ${route.url}`] ??
      (route.websocket ? 'WebSocket upgrade (realtime.api.test.ts)' : route.url.startsWith('/general/test/') ? 'test-only route' : 'outside the JSON API');
    const notFuzzed = t.app.routeTable.filter((route) => skipped(route) && route.url.startsWith('/general/'));
    const staticFiles = t.app.routeTable.filter((route) => !route.url.startsWith('/general/')).length;
    console.log(
      `fuzz: ${calls} calls over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s, ${failures.length} problems; ` +
        `codes ${JSON.stringify(answered)}; not fuzzed: ${staticFiles} static files of the web app, and (${notFuzzed.length}):\n  ${notFuzzed.map((route) => `${route.method} ${route.url}: ${reasonOf(route)}`).join('\n  ')}`,
    );
    // The exemption list names routes that exist (a renamed route must not stay exempt unnoticed).
    expect(Object.keys(exempt).filter((key) => !t.app.routeTable.some((route) => `${route.method} ${route.url}` === key))).toEqual([]);
    expect(failures.slice(0, 60)).toEqual([]);
    expect(integrity).toEqual([]);
  }, 120_000);
});
