import type { Db } from './db/database';

/** Messages of the outbox SMS provider (`sms_outbox`), read by tests and the development setup. */
export class SmsOutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(phone: string, content: string, provider: string, at: number): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ phone, content, provider, created_at: at }).execute();
  }

  async latestTo(phone: string): Promise<string | null> {
    const row = await this.db.selectFrom('sms_outbox').select('content').where('phone', '=', phone).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row?.content ?? null;
  }
}
