import type { Db } from '@server/platform/db/database';
import { scopedToCompany } from '@server/platform/db/tenancy';

export class DelegationsRepository {
  constructor(private readonly db: Db) {}

  list(companyId: number) {
    return this.db
      .selectFrom('alert_delegation')
      .innerJoin('app_user as delegator', 'delegator.id', 'alert_delegation.delegator_id')
      .innerJoin('app_user as delegate', 'delegate.id', 'alert_delegation.delegate_id')
      .select([
        'alert_delegation.id',
        'alert_delegation.delegator_id as delegatorId',
        'delegator.name as delegatorName',
        'alert_delegation.delegate_id as delegateId',
        'delegate.name as delegateName',
        'alert_delegation.created_at as createdAt',
      ])
      .where(scopedToCompany('alert_delegation', companyId))
      .orderBy('alert_delegation.id')
      .execute();
  }

  exists(companyId: number, delegatorId: number, delegateId: number) {
    return this.db
      .selectFrom('alert_delegation')
      .select('id')
      .where(scopedToCompany('alert_delegation', companyId))
      .where('delegator_id', '=', delegatorId)
      .where('delegate_id', '=', delegateId)
      .executeTakeFirst();
  }

  find(companyId: number, id: number) {
    return this.db.selectFrom('alert_delegation').select('id').where(scopedToCompany('alert_delegation', companyId)).where('id', '=', id).executeTakeFirst();
  }

  async insert(companyId: number, delegatorId: number, delegateId: number): Promise<number> {
    const row = await this.db
      .insertInto('alert_delegation')
      .values({ company_id: companyId, delegator_id: delegatorId, delegate_id: delegateId, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('alert_delegation').where(scopedToCompany('alert_delegation', companyId)).where('id', '=', id).execute();
  }

  /** Who receives the alarms addressed to `userId` (used by the alarms module). */
  async delegatesOf(companyId: number, userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('alert_delegation').select('delegate_id').where(scopedToCompany('alert_delegation', companyId)).where('delegator_id', '=', userId).execute();
    return rows.map((r) => r.delegate_id);
  }
}
