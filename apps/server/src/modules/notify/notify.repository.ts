import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { DeliveryTable, NotifyChannelTable } from '@server/platform/db/schema.notify';

export type ChannelRow = Selectable<NotifyChannelTable>;
export type DeliveryRow = Selectable<DeliveryTable>;

/** A row is due when it waits for its time, or when the instance that claimed it let its claim run out. */
const dueAt = (now: number) => (eb: import('kysely').ExpressionBuilder<{ delivery: DeliveryTable }, 'delivery'>) =>
  eb.or([
    eb.and([eb('state', 'in', ['pending', 'retrying']), eb('next_at', '<=', now)]),
    eb.and([eb('state', '=', 'sending'), eb('claim_until', '<', now)]),
  ]);

/** The notify module's tables: channels, the company's message language, deliveries. */
export class NotifyRepository {
  constructor(private readonly db: Db) {}

  channels(companyId: number): Promise<ChannelRow[]> {
    return this.db.selectFrom('notify_channel').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
  }

  channel(companyId: number, id: number): Promise<ChannelRow | undefined> {
    return this.db.selectFrom('notify_channel').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  }

  async existingChannelIds(companyId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) {
      return new Set();
    }
    const rows = await this.db.selectFrom('notify_channel').select('id').where('company_id', '=', companyId).where('id', 'in', [...ids]).execute();
    return new Set(rows.map((row) => row.id));
  }

  async countChannels(companyId: number): Promise<number> {
    const row = await this.db.selectFrom('notify_channel').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom('notify_channel').select('id').where('company_id', '=', companyId).where('name', '=', name);
    if (exceptId !== undefined) {
      query = query.where('id', '!=', exceptId);
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insertChannel(values: Insertable<NotifyChannelTable>): Promise<number> {
    const row = await this.db.insertInto('notify_channel').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async updateChannel(companyId: number, id: number, values: Updateable<NotifyChannelTable>): Promise<boolean> {
    const result = await this.db.updateTable('notify_channel').set(values).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteChannel(companyId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('notify_channel').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async locale(companyId: number): Promise<string | null> {
    const row = await this.db.selectFrom('notify_setting').select('locale').where('company_id', '=', companyId).executeTakeFirst();
    return row?.locale ?? null;
  }

  async saveLocale(companyId: number, locale: string, at: number): Promise<void> {
    const updated = await this.db.updateTable('notify_setting').set({ locale, updated_at: at }).where('company_id', '=', companyId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await this.db.insertInto('notify_setting').values({ company_id: companyId, locale, updated_at: at }).execute();
    }
  }

  async insertDeliveries(rows: readonly Insertable<DeliveryTable>[]): Promise<void> {
    if (rows.length > 0) {
      await this.db.insertInto('delivery').values([...rows]).execute();
    }
  }

  /** How many rows are in each of these states (of every company; delivery_due_ix covers the count). */
  async countByState(states: readonly string[]): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('delivery').select(['state', (eb) => eb.fn.countAll<number>().as('n')]).where('state', 'in', [...states]).groupBy('state').execute();
    return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
  }

  /** The ids of rows due at `now`, oldest first. */
  async due(now: number, limit: number): Promise<number[]> {
    const rows = await this.db.selectFrom('delivery').select('id').where(dueAt(now)).orderBy('id').limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Claims a due row until `claimUntil` (counting the try): true when this caller has it. One
   * conditional update, so of two instances racing for a row one wins.
   */
  async claim(id: number, now: number, claimUntil: number): Promise<DeliveryRow | undefined> {
    const result = await this.db
      .updateTable('delivery')
      .set((eb) => ({ state: 'sending', claim_until: claimUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where(dueAt(now))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      return undefined;
    }
    return this.db.selectFrom('delivery').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Records the outcome of a try — only while the claim is still this try's (`claimUntil`). */
  async settle(id: number, claimUntil: number, values: Updateable<DeliveryTable>): Promise<void> {
    await this.db.updateTable('delivery').set({ ...values, claim_until: null }).where('id', '=', id).where('state', '=', 'sending').where('claim_until', '=', claimUntil).execute();
  }

  deliveries(companyId: number, subject: string): Promise<DeliveryRow[]> {
    return this.db.selectFrom('delivery').selectAll().where('company_id', '=', companyId).where('subject', '=', subject).orderBy('id').execute();
  }

  /** One page of a subject's deliveries, newest first, and how many it has. */
  async deliveryPage(companyId: number, subject: string, pageNum: number, pageSize: number): Promise<{ rows: DeliveryRow[]; total: number }> {
    const scoped = this.db.selectFrom('delivery').where('company_id', '=', companyId).where('subject', '=', subject);
    const [rows, count] = await Promise.all([
      scoped.selectAll().orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
      scoped.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }
}
