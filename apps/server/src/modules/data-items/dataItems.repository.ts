import { sql, type Selectable } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Db } from '@server/platform/db/database';
import type { DataItemTable } from '@server/platform/db/schema.cabin';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

const itemColumns = ['id', 'company_id', 'node_id', 'name', 'kind', 'fields', 'expiry_days', 'parent_item_id', 'created_at', 'updated_at'] as const;

export type DataItemRow = Pick<Selectable<DataItemTable>, (typeof itemColumns)[number]>;

/** What the device batch needs of an item: its settings and whether an enabled forward starts at it. */
export type DeviceItemRow = Pick<Selectable<DataItemTable>, 'id' | 'company_id' | 'kind' | 'fields' | 'updated_at'> & { has_forwards: unknown };

/** Every query of data item definitions and their forms, jumps, forwards and item groups. */
export class DataItemsRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): DataItemsRepository {
    return new DataItemsRepository(trx);
  }

  // ---- items ----

  findItem(companyId: number, id: number): Promise<DataItemRow | undefined> {
    return this.db.selectFrom('data_item').select(itemColumns).where(scopedToCompany('data_item', companyId)).where('id', '=', id).executeTakeFirst();
  }

  itemNode(companyId: number, id: number): Promise<{ node_id: number } | undefined> {
    return this.db.selectFrom('data_item').select('node_id').where(scopedToCompany('data_item', companyId)).where('id', '=', id).executeTakeFirst();
  }

  itemsByIds(companyId: number, ids: readonly number[]): Promise<DataItemRow[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('data_item').select(itemColumns).where(scopedToCompany('data_item', companyId)).where('id', 'in', [...ids]).execute();
  }

  /** Every item of the company with its settings (dashboards match imported references against them). */
  itemsOfCompany(companyId: number): Promise<DataItemRow[]> {
    return this.db.selectFrom('data_item').select(itemColumns).where(scopedToCompany('data_item', companyId)).orderBy('id').execute();
  }

  /** Items of the company, optionally by name and kind, in name order (callers filter by level and find their directories in the cabin). */
  listItems(companyId: number, filter: { keyword?: string; kind?: number; parentItemId?: number }) {
    let query = this.db
      .selectFrom('data_item')
      .select(['data_item.id', 'data_item.node_id', 'data_item.name', 'data_item.kind', 'data_item.parent_item_id'])
      .where(scopedToCompany('data_item', companyId));
    if (filter.keyword) {
      query = query.where(sql<boolean>`lower(data_item.name) like ${`%${escapeLike(filter.keyword.toLowerCase())}%`} escape '\\'`);
    }
    if (filter.kind !== undefined) {
      query = query.where('data_item.kind', '=', filter.kind);
    }
    if (filter.parentItemId !== undefined) {
      query = query.where('data_item.parent_item_id', '=', filter.parentItemId);
    }
    return query.orderBy('data_item.name').orderBy('data_item.id').execute();
  }

  // ---- the platform's catalogue (system maintenance; definitions only, never record values) ----

  /**
   * Items of every company (platform administrators' system data items), optionally of some
   * companies and by name, newest first, with the total. Not scoped to one company on purpose:
   * the route is the platform administrators' alone.
   */
  async catalogPage(filter: { companyIds?: readonly number[]; keyword?: string; limit: number; offset: number }): Promise<{ rows: (DataItemRow & { record_count: number })[]; total: number }> {
    let query = this.db.selectFrom('data_item');
    if (filter.companyIds) {
      if (filter.companyIds.length === 0) {
        return { rows: [], total: 0 };
      }
      query = query.where('data_item.company_id', 'in', [...filter.companyIds]);
    }
    if (filter.keyword) {
      query = query.where(sql<boolean>`lower(data_item.name) like ${`%${escapeLike(filter.keyword.toLowerCase())}%`} escape '\\'`);
    }
    const count = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .select([...itemColumns, 'record_count'])
      .orderBy('data_item.updated_at', 'desc')
      .orderBy('data_item.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return { rows: rows.map((r) => ({ ...r, record_count: Number(r.record_count) })), total: Number(count.total) };
  }

  /** One item of any company, with its record count (system data items). */
  async catalogItem(id: number): Promise<(DataItemRow & { record_count: number }) | undefined> {
    const row = await this.db.selectFrom('data_item').select([...itemColumns, 'record_count']).where('id', '=', id).executeTakeFirst();
    return row ? { ...row, record_count: Number(row.record_count) } : undefined;
  }

  /** How many forms, jumps and forwards an item has (system data items). */
  async settingCounts(companyId: number, itemId: number): Promise<{ forms: number; jumps: number; forwards: number; children: number }> {
    const count = async (table: 'data_form' | 'data_jump' | 'data_forward') => {
      const row = await this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where(scopedToCompany(table, companyId))
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    };
    const children = await this.db
      .selectFrom('data_item')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(scopedToCompany('data_item', companyId))
      .where('parent_item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    return { forms: await count('data_form'), jumps: await count('data_jump'), forwards: await count('data_forward'), children: Number(children.total) };
  }

  async countItems(companyId: number): Promise<number> {
    const row = await this.db.selectFrom('data_item').select((eb) => eb.fn.countAll<number>().as('total')).where(scopedToCompany('data_item', companyId)).executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async insertItem(values: { companyId: number; nodeId: number; name: string; kind: number; fields: string; expiryDays: number | null; parentItemId: number | null; userId: number | null }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('data_item')
      .values({
        company_id: values.companyId,
        node_id: values.nodeId,
        name: values.name,
        kind: values.kind,
        fields: values.fields,
        expiry_days: values.expiryDays,
        parent_item_id: values.parentItemId,
        created_by: values.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateItem(companyId: number, id: number, values: { name?: string; fields?: string; expiryDays?: number | null; parentItemId?: number | null }): Promise<void> {
    await this.db
      .updateTable('data_item')
      .set({
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.fields !== undefined ? { fields: values.fields } : {}),
        ...(values.expiryDays !== undefined ? { expiry_days: values.expiryDays } : {}),
        ...(values.parentItemId !== undefined ? { parent_item_id: values.parentItemId } : {}),
        updated_at: Date.now(),
      })
      .where(scopedToCompany('data_item', companyId))
      .where('id', '=', id)
      .execute();
  }

  /**
   * Removes items with their records, forms, jumps and forwards, and the jumps and forwards of
   * other items that point at them (run inside the cabin's delete transaction).
   */
  async deleteItems(companyId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    const list = [...ids];
    await this.db.deleteFrom('data_record').where(scopedToCompany('data_record', companyId)).where('item_id', 'in', list).execute();
    await this.db.deleteFrom('data_form').where(scopedToCompany('data_form', companyId)).where('item_id', 'in', list).execute();
    await this.db
      .deleteFrom('data_jump')
      .where(scopedToCompany('data_jump', companyId))
      .where((eb) => eb.or([eb('item_id', 'in', list), eb('target_item_id', 'in', list)]))
      .execute();
    await this.db
      .deleteFrom('data_forward')
      .where(scopedToCompany('data_forward', companyId))
      .where((eb) => eb.or([eb('item_id', 'in', list), eb('target_item_id', 'in', list)]))
      .execute();
    await this.db.updateTable('data_item').set({ parent_item_id: null }).where(scopedToCompany('data_item', companyId)).where('parent_item_id', 'in', list).execute();
    await this.db.deleteFrom('data_item').where(scopedToCompany('data_item', companyId)).where('id', 'in', list).execute();
  }

  async renameItem(companyId: number, id: number, name: string): Promise<void> {
    await this.db.updateTable('data_item').set({ name, updated_at: Date.now() }).where(scopedToCompany('data_item', companyId)).where('id', '=', id).execute();
  }

  /** Items with a value expiry, for the purge (all companies, or one). */
  itemsWithExpiry(companyId?: number) {
    let query = this.db.selectFrom('data_item').select(['id', 'company_id', 'expiry_days']).where('expiry_days', 'is not', null);
    if (companyId !== undefined) {
      query = query.where(scopedToCompany('data_item', companyId));
    }
    return query.execute();
  }

  itemIdsOfCompany(companyId: number) {
    return this.db.selectFrom('data_item').select(['id', 'expiry_days']).where(scopedToCompany('data_item', companyId)).execute();
  }

  // ---- forms ----

  forms(companyId: number, itemId: number) {
    return this.db
      .selectFrom('data_form')
      .select(['id', 'item_id', 'name', 'design', 'created_at', 'updated_at'])
      .where(scopedToCompany('data_form', companyId))
      .where('item_id', '=', itemId)
      .orderBy('id')
      .execute();
  }

  findForm(companyId: number, id: number) {
    return this.db
      .selectFrom('data_form')
      .select(['id', 'item_id', 'name', 'design', 'created_at', 'updated_at'])
      .where(scopedToCompany('data_form', companyId))
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertForm(companyId: number, itemId: number, name: string, design: string): Promise<number> {
    const now = Date.now();
    const row = await this.db.insertInto('data_form').values({ company_id: companyId, item_id: itemId, name, design, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async updateForm(companyId: number, id: number, values: { name?: string; design?: string }): Promise<void> {
    await this.db
      .updateTable('data_form')
      .set({ ...values, updated_at: Date.now() })
      .where(scopedToCompany('data_form', companyId))
      .where('id', '=', id)
      .execute();
  }

  async deleteForm(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('data_form').where(scopedToCompany('data_form', companyId)).where('id', '=', id).execute();
  }

  // ---- jumps ----

  jumps(companyId: number, itemId: number) {
    return this.db
      .selectFrom('data_jump')
      .leftJoin('data_item as target', 'target.id', 'data_jump.target_item_id')
      .select(['data_jump.id', 'data_jump.item_id', 'data_jump.name', 'data_jump.priority', 'data_jump.target_item_id', 'data_jump.conditions', 'target.name as target_name'])
      .where(scopedToCompany('data_jump', companyId))
      .where('data_jump.item_id', '=', itemId)
      .orderBy('data_jump.priority')
      .orderBy('data_jump.id')
      .execute();
  }

  findJump(companyId: number, id: number) {
    return this.db
      .selectFrom('data_jump')
      .select(['id', 'item_id', 'name', 'priority', 'target_item_id', 'conditions'])
      .where(scopedToCompany('data_jump', companyId))
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertJump(companyId: number, values: { itemId: number; name: string; priority: number; targetItemId: number; conditions: string }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('data_jump')
      .values({
        company_id: companyId,
        item_id: values.itemId,
        name: values.name,
        priority: values.priority,
        target_item_id: values.targetItemId,
        conditions: values.conditions,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateJump(companyId: number, id: number, values: { name: string; priority: number; targetItemId: number; conditions: string }): Promise<void> {
    await this.db
      .updateTable('data_jump')
      .set({ name: values.name, priority: values.priority, target_item_id: values.targetItemId, conditions: values.conditions, updated_at: Date.now() })
      .where(scopedToCompany('data_jump', companyId))
      .where('id', '=', id)
      .execute();
  }

  async deleteJump(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('data_jump').where(scopedToCompany('data_jump', companyId)).where('id', '=', id).execute();
  }

  // ---- forwards ----

  forwards(companyId: number, itemId: number, onlyEnabled = false) {
    let query = this.db
      .selectFrom('data_forward')
      .leftJoin('data_item as target', 'target.id', 'data_forward.target_item_id')
      .select([
        'data_forward.id',
        'data_forward.item_id',
        'data_forward.name',
        'data_forward.conditions',
        'data_forward.target_item_id',
        'data_forward.mappings',
        'data_forward.enabled',
        'target.name as target_name',
      ])
      .where(scopedToCompany('data_forward', companyId))
      .where('data_forward.item_id', '=', itemId);
    if (onlyEnabled) {
      query = query.where('data_forward.enabled', '=', 1);
    }
    return query.orderBy('data_forward.id').execute();
  }

  findForward(companyId: number, id: number) {
    return this.db
      .selectFrom('data_forward')
      .select(['id', 'item_id', 'name', 'conditions', 'target_item_id', 'mappings', 'enabled'])
      .where(scopedToCompany('data_forward', companyId))
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertForward(companyId: number, values: { itemId: number; name: string; conditions: string; targetItemId: number; mappings: string; enabled: boolean }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('data_forward')
      .values({
        company_id: companyId,
        item_id: values.itemId,
        name: values.name,
        conditions: values.conditions,
        target_item_id: values.targetItemId,
        mappings: values.mappings,
        enabled: values.enabled ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateForward(companyId: number, id: number, values: { name: string; conditions: string; targetItemId: number; mappings: string; enabled: boolean }): Promise<void> {
    await this.db
      .updateTable('data_forward')
      .set({ name: values.name, conditions: values.conditions, target_item_id: values.targetItemId, mappings: values.mappings, enabled: values.enabled ? 1 : 0, updated_at: Date.now() })
      .where(scopedToCompany('data_forward', companyId))
      .where('id', '=', id)
      .execute();
  }

  async deleteForward(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('data_forward').where(scopedToCompany('data_forward', companyId)).where('id', '=', id).execute();
  }

  // ---- item groups ----

  itemGroups(companyId: number) {
    return this.db.selectFrom('data_item_group').select(['id', 'name', 'item_ids', 'created_at']).where(scopedToCompany('data_item_group', companyId)).orderBy('id').execute();
  }

  findItemGroup(companyId: number, id: number) {
    return this.db.selectFrom('data_item_group').select(['id', 'name', 'item_ids', 'created_at']).where(scopedToCompany('data_item_group', companyId)).where('id', '=', id).executeTakeFirst();
  }

  async itemGroupNamed(companyId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom('data_item_group').select('id').where(scopedToCompany('data_item_group', companyId)).where('name', '=', name);
    if (exceptId !== undefined) {
      query = query.where('id', '!=', exceptId);
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insertItemGroup(companyId: number, name: string, itemIds: string): Promise<number> {
    const now = Date.now();
    const row = await this.db.insertInto('data_item_group').values({ company_id: companyId, name, item_ids: itemIds, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async updateItemGroup(companyId: number, id: number, values: { name?: string; itemIds?: string }): Promise<void> {
    await this.db
      .updateTable('data_item_group')
      .set({
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.itemIds !== undefined ? { item_ids: values.itemIds } : {}),
        updated_at: Date.now(),
      })
      .where(scopedToCompany('data_item_group', companyId))
      .where('id', '=', id)
      .execute();
  }

  async deleteItemGroup(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('data_item_group').where(scopedToCompany('data_item_group', companyId)).where('id', '=', id).execute();
  }

  // ---- the device batch ----

  /** Items of a device batch by id, any company (the batch checks each write's company): one query. */
  deviceItems(ids: readonly number[]): Promise<DeviceItemRow[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('data_item')
      .select(['id', 'company_id', 'kind', 'fields', 'updated_at'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('data_forward').select('data_forward.id').whereRef('data_forward.item_id', '=', 'data_item.id').whereRef('data_forward.company_id', '=', 'data_item.company_id').where('data_forward.enabled', '=', 1))
          .as('has_forwards'),
      )
      .where('id', 'in', [...ids])
      .execute();
  }
}

/** `deviceItems` on the embedded database: one statement prepared on the raw handle, run synchronously (the device batch's SQLite path). */
export class RawItemReads {
  private readonly find: SQLite.Statement;

  constructor(raw: SQLite.Database) {
    this.find = raw.prepare(
      'select id, company_id, kind, fields, updated_at, exists (select 1 from data_forward f where f.item_id = data_item.id and f.company_id = data_item.company_id and f.enabled = 1) as has_forwards from data_item where id = ?',
    );
  }

  deviceItem(id: number): DeviceItemRow | undefined {
    return this.find.get(id) as DeviceItemRow | undefined;
  }
}
