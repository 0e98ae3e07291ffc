import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissionCodes, platformOnlyCodes } from '@smartdata/domain';
import { adminPassword, as, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { asQueryString, sampleOf } from '@server/test/schemaSample';
import { mutations, rawBodies, rawQueries } from '@server/test/fuzzValues';
import { UsersRepository } from '../modules/users/users.repository';
import { hashPassword } from './auth/passwords';
import { integrityProblems, rowCountsAtOnce } from './db/rowCounts';

/**
 * The generated fuzz of issue 12: for every route of the route table, fast-check turns the
 * route's own schema (one valid body from test/schemaSample.ts) into bodies wrong in one place —
 * wrong types, boundaries, huge strings, unicode edge cases, numbers JSON cannot say, nested
 * objects, injection strings — plus raw texts that are not JSON at all, sent through app.inject in
 * both languages. Every answer: never a 5xx, always the envelope, a refusal worded in the caller's
 * language (no raw framework English; Chinese text in zh-CN), and a refused call changes no row
 * (row counts of every table before and after each call). The database's own checks at the end.
 * Ids in the valid bodies name nothing (999999), so no call can remove the fuzzing account.
 *
 * Seed: FUZZ_SEED, else fixed in CI, else random — printed, so a failure can be replayed with
 * FUZZ_SEED=<seed>. FUZZ_RUNS sets the bodies per route (default 12).
 */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.CI ? 1123 : Math.floor(Math.random() * 2 ** 31);
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 12);

/** Not fuzzed, with why (printed). */
const exempt: Record<string, string> = {
  'GET /general/ws': 'WebSocket upgrade, not a request body (realtime.api.test.ts)',
  'GET /general/docs': 'the public API reference page (Swagger UI, HTML), takes no input',
  'GET /general/docs/json': 'the public API description (OpenAPI JSON, not an envelope by design), takes no input',
  'GET /general/docs/yaml': 'the public API description (YAML, not an envelope by design), takes no input',
  'GET /general/docs/static/index.html': 'redirects to the reference page, takes no input',
  'GET /general/docs/static/swagger-initializer.js': "the reference page's script, takes no input",
  'GET /general/docs/static/*': "the reference page's files (@fastify/swagger-ui), a file name and no input",
  'GET /general/user/access/logout': 'takes no input; would end the fuzzing session',
  'GET /general/user/access/getSmsCode': 'sends an SMS per call and is rate limited per phone (auth.api.test.ts)',
  'PUT /general/cos/upload': 'a raw file stream behind a signed URL, not JSON (storage.api.test.ts)',
  'GET /general/user/WXScanLogin': "WeChat's browser redirect: answers a 302 to the sign-in or personal page, never an envelope (wechat.api.test.ts)",
};
/** Tables a refused call may still write: the audit log records refused writes; failed password checks are counted. */
const mayChange = new Set(['audit_log', 'auth_failure', 'access_token', 'sms_code', 'sms_outbox']);
/** Framework English that must never reach a user. */
const rawEnglish = /Invalid input|Too small|Too big|expected (string|number|boolean|object|array)|Unsupported Media Type|Body is not valid JSON|Unexpected token|must be string|must have required property|Required/;
const cjk = /[\u4e00-\u9fff]/;

let t: TestApp;
let member: ReturnType<typeof as>;
let platformAdmin: ReturnType<typeof as>;
let tables: string[];

async function newMember(): Promise<void> {
  const codes = allPermissionCodes.filter((code) => !platformOnlyCodes.includes(code));
  const user = await createCompanyUser(t.app, { codes });
  member = as(t.app, await signIn(t.app, user.userName, user.password));
}

/**
 * A fuzzed value can name a real account (updateSysUser with id 1 sets the platform
 * administrator's password): the administrator is put back as it was and signed in again.
 */
async function renewAdmin(): Promise<void> {
  const users = new UsersRepository(t.app.platform.db);
  const admin = await users.findByUserName('admin');
  if (admin) {
    await users.update(admin.id, { passwordHash: await hashPassword(adminPassword), status: 'active' });
  }
  platformAdmin = as(t.app, await signIn(t.app, 'admin', adminPassword));
}

beforeAll(async () => {
  t = await createTestApp();
  await newMember();
  await renewAdmin();
  tables = (await t.app.platform.db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
});
afterAll(async () => {
  await t.close();
});

/** Routes that act on the caller's own account get a throwaway account each, so the fuzzing one stays usable. */
const ownAccount = new Set(['POST /general/user/changePassword', 'POST /general/user/switchCompany', 'POST /general/user/updateUser', 'POST /general/user/setAvatar', 'POST /general/cos/removeAvatar']);

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
  if (typeof envelope.code !== 'number' || typeof envelope.msg !== 'string') {
    return [`not an envelope: ${answer.payload.slice(0, 160)}`];
  }
  if (envelope.code === 0) {
    return [];
  }
  const texts = [envelope.msg, ...(typeof envelope.data === 'string' ? [envelope.data] : [])];
  const problems: string[] = [];
  if (texts.some((text) => rawEnglish.test(text))) {
    problems.push(`untranslated: ${texts.join(' | ').slice(0, 200)}`);
  }
  if (locale === 'zh-CN' && !cjk.test(envelope.msg)) {
    problems.push(`not Chinese in zh-CN: ${envelope.msg.slice(0, 120)}`);
  }
  return problems;
}

describe('generated fuzz over every request schema', () => {
  it('never a 5xx, always the envelope, a translated refusal, and a refused call writes nothing', async () => {
    console.log(`request fuzz: seed ${seed} (replay with FUZZ_SEED=${seed}), ${runsPerRoute} bodies per route`);
    const routes = t.app.routeTable.filter((route) => route.url.startsWith('/general/') && !route.url.startsWith('/general/test/') && !exempt[`${route.method} ${route.url}`]);
    const failures: string[] = [];
    let calls = 0;
    for (const [index, route] of routes.entries()) {
      const name = `${route.method} ${route.url}`;
      let api = route.platformAdmin ? platformAdmin : member;
      if (ownAccount.has(name)) {
        const owner = await createCompanyUser(t.app, { codes: [] });
        api = as(t.app, await signIn(t.app, owner.userName, owner.password));
      }
      const schema = route.method === 'GET' ? route.query : route.body;
      const base = schema ? sampleOf(schema, { idFor: () => 999_999 }) : {};
      const generated = fc.sample(mutations(base), { seed: seed + index, numRuns: runsPerRoute });
      const url = route.url.replace(/:[A-Za-z]+/g, '999999').replace(/\*$/, 'c1/private/00000000-0000-4000-8000-000000000000.png');
      const attempts: Array<{ label: string; send: (locale: string) => Promise<LightMyRequestResponse> }> = [];
      for (const value of generated) {
        attempts.push({
          label: JSON.stringify(value)?.slice(0, 100) ?? String(value),
          send: (locale) =>
            route.method === 'GET'
              ? api({ method: 'GET', url: `${url}${asQueryString(value)}`, headers: { 'accept-language': locale } })
              : api({ method: route.method as 'POST', url, payload: JSON.stringify(value ?? null), headers: { 'content-type': 'application/json', 'accept-language': locale } }),
        });
      }
      for (const raw of route.method === 'GET' ? rawQueries : rawBodies) {
        attempts.push({
          label: `raw ${raw.slice(0, 60)}`,
          send: (locale) =>
            route.method === 'GET'
              ? api({ method: 'GET', url: `${url}${raw}`, headers: { 'accept-language': locale } })
              : api({ method: route.method as 'POST', url, payload: raw, headers: { 'content-type': 'application/json', 'accept-language': locale } }),
        });
      }
      // The counts read after a refused call are the next call's "before": most calls are refused,
      // so this halves the counting (on PostgreSQL the fuzz's main cost) without a gap between them.
      let known: Record<string, number> | undefined;
      for (const [n, attempt] of attempts.entries()) {
        const locale = n % 2 === 0 ? 'zh-CN' : 'en-US';
        const before = known ?? (await rowCountsAtOnce(t.app.platform.db, tables));
        known = undefined;
        const answer = await attempt.send(locale);
        calls += 1;
        const problems = problemsOf(answer, locale);
        const refused = answer.statusCode !== 200 || (answer.payload.startsWith('{') && (JSON.parse(answer.payload) as { code?: number }).code !== 0);
        if (refused) {
          const after = await rowCountsAtOnce(t.app.platform.db, tables);
          known = after;
          const moved = tables.filter((table) => !mayChange.has(table) && before[table] !== after[table]);
          if (moved.length > 0) {
            problems.push(`refused but wrote ${moved.map((table) => `${table} ${before[table]}→${after[table]}`).join(', ')}`);
          }
        }
        failures.push(...problems.map((problem) => `${name} [${locale}] ${attempt.label}: ${problem}`));
        if (answer.payload.includes('"code":70004') || answer.payload.includes('"code":70006')) {
          // The call ended the session it was made with: the next ones get a live one.
          if (route.platformAdmin) {
            await renewAdmin();
            api = platformAdmin;
            known = undefined;
          } else if (!ownAccount.has(name)) {
            await newMember();
            api = member;
            known = undefined;
          }
        }
      }
    }
    const integrity = await integrityProblems(t.app.platform.db, t.app.platform.dbKind);
    console.log(
      `request fuzz: ${calls} calls over ${routes.length} routes, ${failures.length} problems; not fuzzed:\n  ${Object.entries(exempt)
        .map(([route, why]) => `${route}: ${why}`)
        .join('\n  ')}`,
    );
    expect(failures).toEqual([]);
    expect(integrity).toEqual([]);
  }, 360_000);
});
