import { sql, type Insertable, type Selectable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { Database } from '@server/platform/db/schema';
import type { SimCardTable, SimConnectionTable, SimOperationTable, SimSimulatedLineTable } from '@server/platform/db/schema.sim';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type CardRow = Selectable<SimCardTable>;
export type OperationRow = Selectable<SimOperationTable>;
export type ConnectionRow = Selectable<SimConnectionTable>;
export type SimulatedLineRow = Selectable<SimSimulatedLineTable>;
export type NewCardRow = Omit<Insertable<SimCardTable>, 'id'>;

/** The filters of the card list and the export. */
export interface CardFilter {
  carrier?: string;
  status?: string;
  state?: string;
  keyword?: string;
  usageMin?: number;
  usageMax?: number;
  bound?: boolean;
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));
/** Numbers as numbers (PostgreSQL answers bigint as text). */
const cardRow = (row: CardRow): CardRow => ({
  ...row,
  plan_mb: num(row.plan_mb),
  used_mb: Number(row.used_mb),
  used_pct: num(row.used_pct),
  period_start: num(row.period_start),
  activated_at: num(row.activated_at),
  expires_at: num(row.expires_at),
  last_sync_at: num(row.last_sync_at),
  alerted_period: num(row.alerted_period),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});
const operationRow = (row: OperationRow): OperationRow => ({
  ...row,
  plan_mb: num(row.plan_mb),
  created_at: Number(row.created_at),
  submitted_at: num(row.submitted_at),
  finished_at: num(row.finished_at),
});

/** The card filters as where-clauses (each backed by an index of migration 250). */
function filtered<O>(query: SelectQueryBuilder<Database, 'sim_card', O>, filter: CardFilter): SelectQueryBuilder<Database, 'sim_card', O> {
  let q = query;
  if (filter.carrier) {
    q = q.where('carrier', '=', filter.carrier);
  }
  if (filter.status) {
    q = q.where('status', '=', filter.status);
  }
  if (filter.state) {
    q = q.where('state', '=', filter.state);
  }
  if (filter.keyword) {
    const like = `%${escapeLike(filter.keyword)}%`;
    q = q.where((eb) => eb.or([eb(sql.ref('number'), 'like', sql<string>`${like} escape '\\'`), eb(sql.ref('iccid'), 'like', sql<string>`${like} escape '\\'`)]));
  }
  if (filter.usageMin !== undefined) {
    q = q.where('used_pct', '>=', filter.usageMin);
  }
  if (filter.usageMax !== undefined) {
    q = q.where('used_pct', '<', filter.usageMax);
  }
  if (filter.bound !== undefined) {
    q = q.where('device_id', filter.bound ? 'is not' : 'is', null);
  }
  return q;
}

/** Every query of the SIM tables (cards, operations, daily usage, connections, the simulated carrier's lines), scoped to the company. */
export class SimRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): SimRepository {
    return new SimRepository(trx);
  }

  // ---- cards ----

  async insertCards(rows: readonly NewCardRow[]): Promise<number[]> {
    const ids: number[] = [];
    // 200 rows per statement stays under SQLite's and PostgreSQL's parameter limits.
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await this.db
        .insertInto('sim_card')
        .values(rows.slice(i, i + 200).map((r) => ({ ...r })))
        .returning('id')
        .execute();
      ids.push(...inserted.map((r) => r.id));
    }
    return ids;
  }

  async findCard(companyId: number, id: number): Promise<CardRow | undefined> {
    const row = await this.db.selectFrom('sim_card').selectAll().where(scopedToCompany('sim_card', companyId)).where('id', '=', id).executeTakeFirst();
    return row && cardRow(row);
  }

  async cardsByIds(companyId: number, ids: readonly number[]): Promise<CardRow[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.db.selectFrom('sim_card').selectAll().where(scopedToCompany('sim_card', companyId)).where('id', 'in', [...ids]).orderBy('id').execute();
    return rows.map(cardRow);
  }

  /** The ICCIDs of `iccids` the company has already. */
  async takenIccids(companyId: number, iccids: readonly string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (let i = 0; i < iccids.length; i += 500) {
      const rows = await this.db
        .selectFrom('sim_card')
        .select('iccid')
        .where(scopedToCompany('sim_card', companyId))
        .where('iccid', 'in', iccids.slice(i, i + 500))
        .execute();
      for (const row of rows) {
        taken.add(row.iccid);
      }
    }
    return taken;
  }

  async cardOfDevice(companyId: number, deviceId: number): Promise<CardRow | undefined> {
    const row = await this.db.selectFrom('sim_card').selectAll().where(scopedToCompany('sim_card', companyId)).where('device_id', '=', deviceId).orderBy('id').executeTakeFirst();
    return row && cardRow(row);
  }

  async listCards(companyId: number, filter: CardFilter, page: { pageNum: number; pageSize: number }): Promise<{ rows: CardRow[]; total: number }> {
    const base = filtered(this.db.selectFrom('sim_card').where(scopedToCompany('sim_card', companyId)), filter);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(cardRow), total: Number(count.n) };
  }

  /** Every card of the filter, oldest first (the export). */
  async allCards(companyId: number, filter: CardFilter): Promise<CardRow[]> {
    const rows = await filtered(this.db.selectFrom('sim_card').where(scopedToCompany('sim_card', companyId)), filter).selectAll().orderBy('id').execute();
    return rows.map(cardRow);
  }

  /** Ids of the company's cards, oldest first. */
  async cardIdsOfCompany(companyId: number): Promise<number[]> {
    return (await this.db.selectFrom('sim_card').select('id').where(scopedToCompany('sim_card', companyId)).orderBy('id').execute()).map((r) => r.id);
  }

  /** Cards due for the periodic sync (any company): never synced, synced before `before`, or with an order not yet submitted. */
  async cardsDue(before: number, limit: number): Promise<{ company_id: number; id: number }[]> {
    return this.db
      .selectFrom('sim_card')
      .select(['company_id', 'id'])
      .where((eb) =>
        eb.or([
          eb('last_sync_at', 'is', null),
          eb('last_sync_at', '<', before),
          eb.exists(eb.selectFrom('sim_operation').select('sim_operation.id').whereRef('sim_operation.card_id', '=', 'sim_card.id').where('sim_operation.state', '=', 'pending')),
        ]),
      )
      .orderBy('company_id')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async updateCard(companyId: number, id: number, patch: Updateable<SimCardTable>): Promise<void> {
    await this.db.updateTable('sim_card').set(patch).where(scopedToCompany('sim_card', companyId)).where('id', '=', id).execute();
  }

  async deleteCards(companyId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.db.deleteFrom('sim_usage_day').where(scopedToCompany('sim_usage_day', companyId)).where('card_id', 'in', [...ids]).execute();
    await this.db.deleteFrom('sim_operation').where(scopedToCompany('sim_operation', companyId)).where('card_id', 'in', [...ids]).execute();
    await this.db.deleteFrom('sim_card').where(scopedToCompany('sim_card', companyId)).where('id', 'in', [...ids]).execute();
  }

  /** Unbinds every card of the company bound to a device (the device was deleted). */
  async unbindDevices(companyId: number, deviceIds: readonly number[], now: number): Promise<void> {
    if (deviceIds.length === 0) {
      return;
    }
    await this.db.updateTable('sim_card').set({ device_id: null, updated_at: now }).where(scopedToCompany('sim_card', companyId)).where('device_id', 'in', [...deviceIds]).execute();
  }

  // ---- operations ----

  async insertOperations(rows: readonly Omit<Insertable<SimOperationTable>, 'id'>[]): Promise<number[]> {
    if (rows.length === 0) {
      return [];
    }
    return (await this.db.insertInto('sim_operation').values([...rows]).returning('id').execute()).map((r) => r.id);
  }

  async operationsByIds(companyId: number, ids: readonly number[]): Promise<OperationRow[]> {
    if (ids.length === 0) {
      return [];
    }
    return (await this.db.selectFrom('sim_operation').selectAll().where(scopedToCompany('sim_operation', companyId)).where('id', 'in', [...ids]).orderBy('id').execute()).map(operationRow);
  }

  /** Pending or submitted operations of the cards, oldest first. */
  async openOperations(companyId: number, cardIds: readonly number[]): Promise<OperationRow[]> {
    if (cardIds.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('sim_operation')
      .selectAll()
      .where(scopedToCompany('sim_operation', companyId))
      .where('card_id', 'in', [...cardIds])
      .where('state', 'in', ['pending', 'submitted'])
      .orderBy('id')
      .execute();
    return rows.map(operationRow);
  }

  async listOperations(companyId: number, filter: { cardId?: number; state?: string }, page: { pageNum: number; pageSize: number }): Promise<{ rows: OperationRow[]; total: number }> {
    let base = this.db.selectFrom('sim_operation').where(scopedToCompany('sim_operation', companyId));
    if (filter.cardId !== undefined) {
      base = base.where('card_id', '=', filter.cardId);
    }
    if (filter.state) {
      base = base.where('state', '=', filter.state);
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(operationRow), total: Number(count.n) };
  }

  async updateOperation(companyId: number, id: number, patch: Updateable<SimOperationTable>): Promise<void> {
    await this.db.updateTable('sim_operation').set(patch).where(scopedToCompany('sim_operation', companyId)).where('id', '=', id).execute();
  }

  // ---- usage ----

  /** Adds MB to the card's local days. */
  async addUsage(companyId: number, cardId: number, parts: readonly { day: string; mb: number }[]): Promise<void> {
    await this.writeUsage(companyId, cardId, parts, 'add');
  }

  /** The carrier's own figure of whole days: it replaces what the days held. */
  async setUsage(companyId: number, cardId: number, parts: readonly { day: string; mb: number }[]): Promise<void> {
    await this.writeUsage(companyId, cardId, parts, 'set');
  }

  private async writeUsage(companyId: number, cardId: number, parts: readonly { day: string; mb: number }[], how: 'add' | 'set'): Promise<void> {
    for (const part of parts) {
      const existing = await this.db.selectFrom('sim_usage_day').select('used_mb').where('card_id', '=', cardId).where('day', '=', part.day).executeTakeFirst();
      if (existing) {
        await this.db
          .updateTable('sim_usage_day')
          .set({ used_mb: how === 'add' ? Number(existing.used_mb) + part.mb : part.mb })
          .where('card_id', '=', cardId)
          .where('day', '=', part.day)
          .execute();
      } else {
        await this.db.insertInto('sim_usage_day').values({ company_id: companyId, card_id: cardId, day: part.day, used_mb: part.mb }).execute();
      }
    }
  }

  /** MB per local day from `fromDay` (yyyy-MM-dd), of one card or (no cardId) of the company. */
  async usageByDay(companyId: number, fromDay: string, cardId?: number): Promise<{ day: string; mb: number }[]> {
    let query = this.db
      .selectFrom('sim_usage_day')
      .select(['day', (eb) => eb.fn.sum<number>('used_mb').as('mb')])
      .where(scopedToCompany('sim_usage_day', companyId))
      .where('day', '>=', fromDay);
    if (cardId !== undefined) {
      query = query.where('card_id', '=', cardId);
    }
    const rows = await query.groupBy('day').orderBy('day').execute();
    return rows.map((r) => ({ day: r.day, mb: Number(r.mb) }));
  }

  // ---- connections ----

  async connections(companyId: number): Promise<ConnectionRow[]> {
    return (await this.db.selectFrom('sim_connection').selectAll().where(scopedToCompany('sim_connection', companyId)).execute()).map((r) => ({ ...r, updated_at: Number(r.updated_at) }));
  }

  async saveConnection(row: ConnectionRow): Promise<void> {
    const { company_id, carrier, ...rest } = row;
    const updated = await this.db.updateTable('sim_connection').set(rest).where('company_id', '=', company_id).where('carrier', '=', carrier).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await this.db.insertInto('sim_connection').values(row).execute();
    }
  }

  // ---- the simulated carrier's lines ----

  async simulatedLines(companyId: number, iccids: readonly string[]): Promise<SimulatedLineRow[]> {
    if (iccids.length === 0) {
      return [];
    }
    return this.db.selectFrom('sim_simulated_line').selectAll().where(scopedToCompany('sim_simulated_line', companyId)).where('iccid', 'in', [...iccids]).execute();
  }

  async saveSimulatedLine(row: SimulatedLineRow, isNew: boolean): Promise<void> {
    if (isNew) {
      await this.db.insertInto('sim_simulated_line').values(row).execute();
      return;
    }
    const { company_id, iccid, ...rest } = row;
    await this.db.updateTable('sim_simulated_line').set(rest).where('company_id', '=', company_id).where('iccid', '=', iccid).execute();
  }
}
