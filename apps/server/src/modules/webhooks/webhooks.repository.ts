import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { WebhookSubscriptionTable } from '@server/platform/db/schema.webhooks';

export type SubscriptionRow = Selectable<WebhookSubscriptionTable>;

/** The webhooks module's table: a company's event subscriptions. */
export class WebhooksRepository {
  constructor(private readonly db: Db) {}

  async page(companyId: number, pageNum: number, pageSize: number): Promise<{ rows: SubscriptionRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db.selectFrom('webhook_subscription').selectAll().where('company_id', '=', companyId).orderBy('id').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
      this.count(companyId),
    ]);
    return { rows, total };
  }

  find(companyId: number, id: number): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('webhook_subscription').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  }

  /** The enabled subscriptions of a company (what an event is matched against). */
  enabled(companyId: number): Promise<SubscriptionRow[]> {
    return this.db.selectFrom('webhook_subscription').selectAll().where('company_id', '=', companyId).where('enabled', '=', 1).orderBy('id').execute();
  }

  async count(companyId: number): Promise<number> {
    const row = await this.db.selectFrom('webhook_subscription').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(values: Insertable<WebhookSubscriptionTable>): Promise<number> {
    const row = await this.db.insertInto('webhook_subscription').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(companyId: number, id: number, values: Updateable<WebhookSubscriptionTable>): Promise<boolean> {
    const result = await this.db.updateTable('webhook_subscription').set(values).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(companyId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('webhook_subscription').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
