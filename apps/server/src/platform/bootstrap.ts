import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from './db/database';
import { hashPassword } from './auth/passwords';
import { translate } from './i18n';
import { UsersRepository } from '../modules/users/users.repository';
import { CompaniesService } from '../modules/companies/companies.service';

/**
 * First start: creates the platform company and the platform administrator. The password comes
 * from SMARTDATA_ADMIN_PASSWORD or is generated, printed once and written to
 * DATA_DIR/initial-admin-password.txt.
 */
export async function ensurePlatformAdmin(db: Db, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  const companies = new CompaniesService(db);
  if (await companies.repository.findPlatformCompany()) {
    return;
  }
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? `Sd${randomBytes(9).toString('base64url')}7`;
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const users = new UsersRepository(trx);
    const existing = await users.findByUserName(config.adminUser);
    const userId = existing?.id ?? (await users.insert({ userName: config.adminUser, phone: null, name: config.adminUser, passwordHash, isPlatformAdmin: true }));
    const companyId = await new CompaniesService(trx).createCompanyWithAdmin(translate('company.platformName', 'zh-CN'), userId, 'zh-CN', true);
    await users.setCurrentCompany(userId, companyId);
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
