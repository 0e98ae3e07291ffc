import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSION } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { asQueryString, sampleOf } from '@server/test/schemaSample';
import { rowCounts } from './db/rowCounts';
import type { RouteEntry } from './routeTable';

/**
 * Generated from the route table (issue 12): every route that names a permission code, or is the
 * platform administrator's, refuses a signed-in member who holds no code (40300) and changes no
 * row. A route added later is covered without anyone listing it. Routes open to every signed-in
 * user are listed (printed), with why they are open, and must never fail with a 5xx.
 */

let t: TestApp;
let call: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  const nobody = await createCompanyUser(t.app, { codes: [] });
  call = as(t.app, await signIn(t.app, nobody.userName, nobody.password));
});
afterAll(async () => {
  await t.close();
});

/** A concrete URL for a route pattern: every parameter an id that exists nowhere. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '999999').replace(/\*$/, 'x');

/** A call with a body (or query) generated from the route's own schema: refused for the code, not for the shape. */
async function hit(route: RouteEntry) {
  const url = concrete(route.url);
  const schema = route.method === 'GET' ? route.query : route.body;
  const value = schema ? sampleOf(schema, { idFor: () => 1 }) : undefined;
  return route.method === 'GET' ? call({ method: 'GET', url: `${url}${asQueryString(value)}` }) : call({ method: route.method as 'POST', url, payload: (value ?? {}) as object });
}

const guarded = (route: RouteEntry) => route.platformAdmin || (route.permission !== undefined && route.permission !== NO_PERMISSION);

describe('access matrix, generated from the route table', () => {
  it('covers the API', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/general/'));
    expect(api.length).toBeGreaterThan(150);
    expect(api.filter(guarded).length).toBeGreaterThan(100);
  });

  it('a member without codes is refused (40300) on every guarded route, and no row changes', async () => {
    const before = await rowCounts(t.app.platform.db);
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/general/') && !r.public && !r.websocket && guarded(r));
    const allowed: string[] = [];
    for (const route of routes) {
      const answer = await hit(route);
      if (body(answer).code !== 40300 || answer.statusCode !== 403) {
        allowed.push(`${route.method} ${route.url} → ${answer.statusCode} ${JSON.stringify(body(answer)).slice(0, 120)}`);
      }
    }
    expect(allowed).toEqual([]);
    const after = await rowCounts(t.app.platform.db);
    // The audit log records refused writes too (system maintenance shows them); nothing else moves.
    delete before.audit_log;
    delete after.audit_log;
    expect(after).toEqual(before);
  });

  it('lists the routes open to every signed-in user; none of them fails with a 5xx on an empty call', async () => {
    const open = t.app.routeTable.filter((r) => r.url.startsWith('/general/') && !r.public && !r.websocket && !guarded(r));
    const failures: string[] = [];
    for (const route of open) {
      const answer = await hit(route);
      if (answer.statusCode >= 500) {
        failures.push(`${route.method} ${route.url} → ${answer.statusCode}`);
      }
    }
    console.log(
      `access matrix: ${open.length} routes open to every signed-in user (own account, own company's view, ` +
        `checks inside the service such as cabin levels):\n  ${open.map((r) => `${r.method} ${r.url}`).join('\n  ')}\n` +
        `not exercised here: ${t.app.routeTable.filter((r) => r.websocket).map((r) => `${r.method} ${r.url} (WebSocket)`).join(', ') || 'none'}`,
    );
    expect(failures).toEqual([]);
  });
});
