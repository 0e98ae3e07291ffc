import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@smartdata/domain';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { dropSchema } from '../db/database';
import { Scheduler } from '../scheduler';
import { adminPassword, as, body, createCompanyUser, signIn } from '@server/test/testApp';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer (docs/architecture.md
 * "Scale-out"): what one instance learns, the other must see — the sign-in lockout and the
 * per-minute rate limits at once, a revoked session within SESSION_CACHE_MS, a scheduled job on
 * one instance at a time.
 */
const cacheMs = 800;

describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances on one PostgreSQL database', () => {
  const databaseUrl = process.env.TEST_DATABASE_URL!;
  const databaseSchema = `t_inst_${randomBytes(5).toString('hex')}`;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildApp(testConfig({ databaseUrl, databaseSchema, adminPassword, sessionCacheMs: cacheMs }));
    b = await buildApp(testConfig({ databaseUrl, databaseSchema, adminPassword, sessionCacheMs: cacheMs }));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropSchema(databaseUrl, databaseSchema);
  });

  const signInFrom = (app: FastifyInstance, username: string, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/general/user/access/getToken',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password }).toString(),
      remoteAddress: ip,
    });
  const getUser = (app: FastifyInstance, token: string) => as(app, token)({ method: 'GET', url: '/general/user/getUser' });
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('locks an account after 5 failures on instance A: instance B refuses the right password from that address', async () => {
    const user = await createCompanyUser(a, { codes: [] });
    for (let i = 0; i < 5; i += 1) {
      expect(body(await signInFrom(a, user.userName, 'wrong-pass1', '10.30.0.1')).code).toBe(40100);
    }
    expect(body(await signInFrom(b, user.userName, user.password, '10.30.0.1')).code).toBe(ErrorCode.rateLimited);
    // Another address still signs in, on either instance.
    expect(body(await signInFrom(b, user.userName, user.password, '10.30.0.2')).code).toBe(0);
  });

  it('counts a per-minute ceiling across instances: 20 SMS requests from one address split over A and B, the 21st is refused on either', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const app = i % 2 === 0 ? a : b;
      codes.push(body(await app.inject({ url: `/general/user/access/getSmsCode?phone=1360000${String(i).padStart(4, '0')}&purpose=login`, remoteAddress: '10.31.0.1' })).code);
    }
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes.slice(20)).toEqual([ErrorCode.rateLimited, ErrorCode.rateLimited]);
    // Another address has its own count.
    expect(body(await b.inject({ url: '/general/user/access/getSmsCode?phone=13600009999&purpose=login', remoteAddress: '10.31.0.2' })).code).toBe(0);
  });

  it('a token signed out on A is refused on B within SESSION_CACHE_MS, though B had it cached', async () => {
    const user = await createCompanyUser(a, { codes: [] });
    const token = await signIn(a, user.userName, user.password);
    expect(body(await getUser(b, token)).code).toBe(0); // B now holds it in its session cache
    expect(body(await as(a, token)({ method: 'GET', url: '/general/user/access/logout' })).code).toBe(0);
    expect(body(await getUser(a, token)).code).not.toBe(0); // at once on the instance that signed out
    await wait(cacheMs + 200);
    expect(body(await getUser(b, token)).code).toBe(ErrorCode.tokenExpired);
  });

  it('a password changed on A, or a user disabled on A, ends their sessions on B within SESSION_CACHE_MS', async () => {
    const changer = await createCompanyUser(a, { codes: [] });
    const oldToken = await signIn(a, changer.userName, changer.password);
    const changingToken = await signIn(a, changer.userName, changer.password);
    expect(body(await getUser(b, oldToken)).code).toBe(0);
    const changed = body(await as(a, changingToken)({ method: 'POST', url: '/general/user/changePassword', payload: { oldPassword: changer.password, newPassword: 'N3w-Passw0rd!' } }));
    expect(changed.code).toBe(0);

    const disabled = await createCompanyUser(a, { codes: [] });
    const disabledToken = await signIn(a, disabled.userName, disabled.password);
    expect(body(await getUser(b, disabledToken)).code).toBe(0);
    const admin = as(a, await signIn(a, 'admin', adminPassword));
    expect(body(await admin({ method: 'POST', url: '/general/user/updateSysUser', payload: { id: disabled.userId, disabled: true } })).code).toBe(0);

    await wait(cacheMs + 200);
    expect(body(await getUser(b, oldToken)).code).toBe(ErrorCode.tokenExpired);
    expect(body(await getUser(b, disabledToken)).code).toBe(ErrorCode.tokenExpired);
    // The session that changed the password keeps working, on both.
    expect(body(await getUser(b, changingToken)).code).toBe(0);
  });

  it('never runs one scheduled job on two instances at once; the other takes it once the first is done', async () => {
    const onA = new Scheduler(a.platform.db, a.log, 'UTC');
    const onB = new Scheduler(b.platform.db, b.log, 'UTC');
    let running = 0;
    let most = 0;
    let runs = 0;
    const task = async () => {
      running += 1;
      runs += 1;
      most = Math.max(most, running);
      await wait(150);
      running -= 1;
    };
    // Five rounds of both instances firing the same job at the same moment.
    for (let round = 0; round < 5; round += 1) {
      const ran = await Promise.all([onA.runExclusive('instances-test-job', task), onB.runExclusive('instances-test-job', task)]);
      expect(ran.filter(Boolean)).toHaveLength(1);
    }
    expect(most).toBe(1);
    expect(runs).toBe(5);
    // A lease that ran out (its instance died mid-run) is taken over by the other.
    expect(await onA.acquire('instances-test-crashed', 1000, 1_000)).toBe(true);
    expect(await onB.acquire('instances-test-crashed', 1000, 1_500)).toBe(false);
    expect(await onB.acquire('instances-test-crashed', 1000, 2_001)).toBe(true);
  });
});
