import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@smartdata/domain';
import type { AppConfig } from '../config';
import type { Db } from './db/database';
import { hashPassword } from './auth/passwords';
import { translate } from './i18n';

/**
 * What the first start asks of the organisation modules (app.ts passes the companies and users
 * services and company administration). Methods with `on` run on the first start's transaction.
 */
export interface FirstStartOrganisation {
  companies: { platformCompany(): Promise<object | undefined> };
  users: {
    findByUserName(userName: string, on?: Db): Promise<{ id: number } | undefined>;
    create(values: { userName: string; phone: string | null; name: string; passwordHash: string; isPlatformAdmin?: boolean }, on?: Db): Promise<number>;
    setCurrentCompany(userId: number, companyId: number, on?: Db): Promise<void>;
  };
  companyAdmin: { createCompanyWithAdmin(displayName: string, adminUserId: number, locale: Locale, isPlatform: boolean, on?: Db): Promise<number> };
}

/**
 * First start: creates the platform company and the platform administrator. The password comes
 * from SMARTDATA_ADMIN_PASSWORD or is generated, printed once and written to
 * DATA_DIR/initial-admin-password.txt.
 */
export async function ensurePlatformAdmin(db: Db, config: AppConfig, log: FastifyBaseLogger, { companies, users, companyAdmin }: FirstStartOrganisation): Promise<void> {
  if (await companies.platformCompany()) {
    return;
  }
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? `Sd${randomBytes(9).toString('base64url')}7`;
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const existing = await users.findByUserName(config.adminUser, trx);
    const userId = existing?.id ?? (await users.create({ userName: config.adminUser, phone: null, name: config.adminUser, passwordHash, isPlatformAdmin: true }, trx));
    const companyId = await companyAdmin.createCompanyWithAdmin(translate('company.platformName', 'zh-CN'), userId, 'zh-CN', true, trx);
    await users.setCurrentCompany(userId, companyId, trx);
  });
  if (generated) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const file = path.join(config.dataDir, 'initial-admin-password.txt');
    fs.writeFileSync(file, `user: ${config.adminUser}\npassword: ${password}\n`, { mode: 0o600 });
    // Printed once, on purpose, on stdout: the operator needs it to sign in the first time.
    console.log(`\n  Platform administrator created: user "${config.adminUser}", password "${password}" (also in ${file})\n`);
  }
  log.info({ user: config.adminUser }, 'platform administrator created');
}
