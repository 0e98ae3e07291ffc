import type { Insertable } from 'kysely';
import type { Db } from './db/database';
import type { AuditLogTable } from './db/schema';

/** Writes the audit log (`audit_log`); the system module's repository reads it for its page. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async userName(userId: number): Promise<string | undefined> {
    return (await this.db.selectFrom('app_user').select('user_name').where('id', '=', userId).executeTakeFirst())?.user_name;
  }

  async insert(row: Insertable<AuditLogTable>): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }
}
