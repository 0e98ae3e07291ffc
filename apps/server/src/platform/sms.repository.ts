import type { Db } from './db/database';

/** Messages of the outbox SMS provider (`sms_outbox`), read by tests and the development setup. */
export class SmsOutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(phone: string, content: string, provider: string, at: number): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ phone, content, provider, created_at: at }).execute();
  }
}
