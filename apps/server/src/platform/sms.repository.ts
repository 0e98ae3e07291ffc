import type { Selectable } from 'kysely';
import type { Db } from './db/database';
import type { SmsSettingTable } from './db/schema.sms';

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

export type SmsSettingRow = Selectable<SmsSettingTable>;

/** The platform's SMS provider setting (`sms_setting`, one row); only platform/sms.ts reads it. */
export class SmsSettingRepository {
  constructor(private readonly db: Db) {}

  setting(): Promise<SmsSettingRow | undefined> {
    return this.db.selectFrom('sms_setting').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  async save(values: Omit<SmsSettingRow, 'id'>): Promise<void> {
    const updated = await this.db.updateTable('sms_setting').set(values).where('id', '=', 1).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await this.db.insertInto('sms_setting').values({ id: 1, ...values }).execute();
    }
  }
}
