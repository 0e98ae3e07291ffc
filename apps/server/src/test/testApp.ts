import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type AppConfig } from '../config';
import { dropSchema } from '../platform/db/database';
import { hashPassword } from '../platform/auth/passwords';
import { UsersRepository } from '../modules/users/users.repository';
import { CompaniesRepository } from '../modules/companies/companies.repository';
import { RolesRepository } from '../modules/roles/roles.repository';
import { userNotice } from '../modules/users/notice';

export const adminPassword = 'Admin12345';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A fresh, migrated server for one test file: in-memory SQLite, or a schema of its own on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const databaseSchema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const app = await buildApp(testConfig({ databaseUrl, databaseSchema, adminPassword, ...overrides }));
  return {
    app,
    async close() {
      await app.close();
      if (databaseUrl && databaseSchema) {
        await dropSchema(databaseUrl, databaseSchema);
      }
    },
  };
}

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

export function body<T = any>(response: LightMyRequestResponse): Envelope<T> {
  return response.json() as Envelope<T>;
}

/**
 * Records that a user agreed to the current user notice, as the web's notice dialog would: the
 * server refuses everything else to a user who has not (40330; modules/users/noticeGate.ts).
 */
export async function agreeToNotice(app: FastifyInstance, userId: number): Promise<void> {
  await new UsersRepository(app.platform.db).recordAgreement(userId, userNotice.version, '127.0.0.1');
}

/**
 * Signs in with user name + password (form-encoded, as the web does); returns the token. The user
 * is taken past the user notice (recorded as agreed) unless `agreeNotice` is false — the notice
 * has its own tests.
 */
export async function signIn(app: FastifyInstance, username: string, password: string, { agreeNotice = true }: { agreeNotice?: boolean } = {}): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/general/user/access/getToken',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  const envelope = body<{ token: string }>(response);
  if (envelope.code !== 0) {
    throw new Error(`sign-in of ${username} failed: ${JSON.stringify(envelope)}`);
  }
  if (agreeNotice) {
    const users = new UsersRepository(app.platform.db);
    const user = (await users.findByUserName(username)) ?? (await users.findByPhone(username));
    if (user) {
      await agreeToNotice(app, user.id);
    }
  }
  return envelope.data.token;
}

/** app.inject with a bearer token. */
export function as(app: FastifyInstance, token: string) {
  return (options: InjectOptions) => app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...(options.headers ?? {}) } });
}

let sequence = 0;

/** Factory: a company with a role holding `codes` and a member holding that role, past the user notice unless `agreeNotice` is false. */
export async function createCompanyUser(
  app: FastifyInstance,
  options: { codes: string[]; companyName?: string; companyId?: number; userName?: string; password?: string; phone?: string; agreeNotice?: boolean },
): Promise<{ userId: number; companyId: number; userName: string; password: string }> {
  const db = app.platform.db;
  const companies = new CompaniesRepository(db);
  const roles = new RolesRepository(db);
  const users = new UsersRepository(db);
  sequence += 1;
  const companyId = options.companyId ?? (await companies.insertCompany({ displayName: options.companyName ?? `Company ${sequence}`, isPlatform: false }));
  const userName = options.userName ?? `user${sequence}${randomBytes(2).toString('hex')}`;
  const password = options.password ?? 'Passw0rd!';
  const userId = await users.insert({ userName, phone: options.phone ?? null, name: userName, passwordHash: await hashPassword(password) });
  await companies.addMember(companyId, userId);
  const roleId = await roles.insert(companyId, `role ${sequence}`, options.codes);
  await roles.setUserRoles(companyId, userId, [roleId]);
  await users.setCurrentCompany(userId, companyId);
  if (options.agreeNotice !== false) {
    await agreeToNotice(app, userId);
  }
  return { userId, companyId, userName, password };
}
