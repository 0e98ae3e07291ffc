import type { Db } from '@server/platform/db/database';

export class AuthRepository {
  constructor(private readonly db: Db) {}

  recentCodes(phone: string, since: number) {
    return this.db.selectFrom('sms_code').select(['id', 'purpose', 'created_at']).where('phone', '=', phone).where('created_at', '>=', since).orderBy('created_at', 'desc').execute();
  }

  async insertCode(values: { phone: string; purpose: string; codeHash: string; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto('sms_code')
      .values({ phone: values.phone, purpose: values.purpose, code_hash: values.codeHash, created_at: Date.now(), expires_at: values.expiresAt, attempts: 0, used_at: null })
      .execute();
  }

  latestCode(phone: string, purpose: string) {
    return this.db
      .selectFrom('sms_code')
      .select(['id', 'code_hash', 'expires_at', 'attempts', 'used_at'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async countAttempt(id: number): Promise<void> {
    await this.db.updateTable('sms_code').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
  }

  async markUsed(id: number): Promise<void> {
    await this.db.updateTable('sms_code').set({ used_at: Date.now() }).where('id', '=', id).execute();
  }

}
