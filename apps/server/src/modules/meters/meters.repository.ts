import { sql, type Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import { escapeLike } from '@server/platform/db/like';
import type { MeterFormulaTermTable, MeterTable, MeterTariffWindowTable } from '@server/platform/db/schema.meters';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type MeterRow = Selectable<MeterTable>;
export type FormulaTermRow = Selectable<MeterFormulaTermTable>;
export type TariffWindowRow = Selectable<MeterTariffWindowTable>;
/** The company of a meter of any company (system maintenance): its name, and its built-in key (the platform's). */
export interface CompanyNameColumns {
  company_name: string | null;
  company_builtin_key: string | null;
}

/** What a standard meter reads, as stored (one of the two pairs). */
export interface SourceColumns {
  source_item_id: number | null;
  source_field: string | null;
  source_device_id: number | null;
  source_key: string | null;
}

/** Numbers as numbers (PostgreSQL answers bigint as text). */
const meterRow = (row: MeterRow): MeterRow => ({ ...row, factor: Number(row.factor), created_at: Number(row.created_at), updated_at: Number(row.updated_at) });

/** Meters, the terms of virtual meters and the companies' tariff windows; company queries are scoped. */
export class MetersRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): MetersRepository {
    return new MetersRepository(trx);
  }

  async findMeter(companyId: number, id: number): Promise<MeterRow | undefined> {
    const row = await this.db.selectFrom('meter').selectAll().where(scopedToCompany('meter', companyId)).where('id', '=', id).executeTakeFirst();
    return row && meterRow(row);
  }

  async metersByIds(companyId: number, ids: readonly number[]): Promise<MeterRow[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.db.selectFrom('meter').selectAll().where(scopedToCompany('meter', companyId)).where('id', 'in', [...ids]).execute();
    return rows.map(meterRow);
  }

  async insertMeter(values: { companyId: number; nodeId: number; name: string; nodeType: number; factor: number; source: SourceColumns; userId: number }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('meter')
      .values({
        company_id: values.companyId,
        node_id: values.nodeId,
        name: values.name,
        node_type: values.nodeType,
        factor: values.factor,
        ...values.source,
        created_by: values.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateMeter(companyId: number, id: number, patch: Partial<SourceColumns & { name: string; factor: number }>): Promise<void> {
    await this.db
      .updateTable('meter')
      .set({ ...patch, updated_at: Date.now() })
      .where(scopedToCompany('meter', companyId))
      .where('id', '=', id)
      .execute();
  }

  /** The company's meters, by name (a keyword in the name), ordered by name. */
  async metersOfCompany(companyId: number, filter: { keyword?: string; nodeType?: number }): Promise<MeterRow[]> {
    let query = this.db.selectFrom('meter').selectAll().where(scopedToCompany('meter', companyId));
    if (filter.keyword) {
      query = query.where(sql<boolean>`lower(name) like ${`%${escapeLike(filter.keyword.toLowerCase())}%`} escape '\\'`);
    }
    if (filter.nodeType !== undefined) {
      query = query.where('node_type', '=', filter.nodeType);
    }
    return (await query.orderBy('name').orderBy('id').execute()).map(meterRow);
  }

  /** The formula terms of meters, in their order. */
  async termsOf(companyId: number, meterIds: readonly number[]): Promise<FormulaTermRow[]> {
    if (meterIds.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('meter_formula_term')
      .selectAll()
      .where(scopedToCompany('meter_formula_term', companyId))
      .where('meter_id', 'in', [...meterIds])
      .orderBy('meter_id')
      .orderBy('sort_order')
      .execute();
    return rows.map((r) => ({ ...r, factor: Number(r.factor) }));
  }

  /** Every formula of the company as meter → the meters it names (cycle checks). */
  async formulasOfCompany(companyId: number): Promise<Map<number, number[]>> {
    const rows = await this.db
      .selectFrom('meter_formula_term')
      .select(['meter_id', 'source_meter_id'])
      .where(scopedToCompany('meter_formula_term', companyId))
      .orderBy('meter_id')
      .orderBy('sort_order')
      .execute();
    const formulas = new Map<number, number[]>();
    for (const row of rows) {
      formulas.set(row.meter_id, [...(formulas.get(row.meter_id) ?? []), row.source_meter_id]);
    }
    return formulas;
  }

  async replaceTerms(companyId: number, meterId: number, terms: ReadonlyArray<{ meterId: number; factor: number }>): Promise<void> {
    await this.db.deleteFrom('meter_formula_term').where(scopedToCompany('meter_formula_term', companyId)).where('meter_id', '=', meterId).execute();
    if (terms.length > 0) {
      await this.db
        .insertInto('meter_formula_term')
        .values(terms.map((t, index) => ({ company_id: companyId, meter_id: meterId, source_meter_id: t.meterId, factor: t.factor, sort_order: index })))
        .execute();
    }
  }

  /** Virtual meters (not among `except`) whose formula names one of `meterIds`, with the name they name. */
  async usersOf(companyId: number, meterIds: readonly number[], except: readonly number[]): Promise<Array<{ sourceName: string; userName: string }>> {
    if (meterIds.length === 0) {
      return [];
    }
    let query = this.db
      .selectFrom('meter_formula_term as t')
      .innerJoin('meter as user', (join) => join.onRef('user.id', '=', 't.meter_id').onRef('user.company_id', '=', 't.company_id'))
      .innerJoin('meter as source', (join) => join.onRef('source.id', '=', 't.source_meter_id').onRef('source.company_id', '=', 't.company_id'))
      .select(['source.name as sourceName', 'user.name as userName'])
      .where('t.company_id', '=', companyId)
      .where('t.source_meter_id', 'in', [...meterIds]);
    if (except.length > 0) {
      query = query.where('t.meter_id', 'not in', [...except]);
    }
    return query.orderBy('t.meter_id').execute();
  }

  async renameMeter(companyId: number, id: number, name: string): Promise<void> {
    await this.db.updateTable('meter').set({ name, updated_at: Date.now() }).where(scopedToCompany('meter', companyId)).where('id', '=', id).execute();
  }

  /** Deletes meters and their formulas. */
  async deleteMeters(companyId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.db.deleteFrom('meter_formula_term').where(scopedToCompany('meter_formula_term', companyId)).where('meter_id', 'in', [...ids]).execute();
    await this.db.deleteFrom('meter').where(scopedToCompany('meter', companyId)).where('id', 'in', [...ids]).execute();
  }

  // ---- tariffs ----

  async tariffWindows(companyId: number): Promise<TariffWindowRow[]> {
    const rows = await this.db.selectFrom('meter_tariff_window').selectAll().where(scopedToCompany('meter_tariff_window', companyId)).orderBy('sort_order').execute();
    return rows.map((r) => ({ ...r, price: Number(r.price), updated_at: Number(r.updated_at) }));
  }

  /** Replaces the company's tariff windows at once. */
  async replaceTariff(companyId: number, windows: ReadonlyArray<{ period: string; startMinute: number; endMinute: number; price: number }>, userId: number): Promise<void> {
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('meter_tariff_window').where(scopedToCompany('meter_tariff_window', companyId)).execute();
      if (windows.length > 0) {
        await trx
          .insertInto('meter_tariff_window')
          .values(
            windows.map((w, index) => ({
              company_id: companyId,
              period: w.period,
              start_minute: w.startMinute,
              end_minute: w.endMinute,
              price: w.price,
              sort_order: index,
              updated_by: userId,
              updated_at: now,
            })),
          )
          .execute();
      }
    });
  }

  // ---- system maintenance (every company) ----

  /** A meter of any company (platform administrators). */
  async findAnyMeter(id: number): Promise<(MeterRow & CompanyNameColumns) | undefined> {
    const row = await this.db
      .selectFrom('meter')
      .leftJoin('company', 'company.id', 'meter.company_id')
      .selectAll('meter')
      .select(['company.display_name as company_name', 'company.builtin_key as company_builtin_key'])
      .where('meter.id', '=', id)
      .executeTakeFirst();
    return row && { ...meterRow(row), company_name: row.company_name, company_builtin_key: row.company_builtin_key };
  }

  /** A page of every company's meters, by name; newest first. */
  async pageAllMeters(filter: { pageNum: number; pageSize: number; keyword?: string; nodeType?: number }): Promise<{ rows: Array<MeterRow & CompanyNameColumns>; total: number }> {
    let query = this.db.selectFrom('meter').leftJoin('company', 'company.id', 'meter.company_id');
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword.toLowerCase())}%`;
      query = query.where((eb) =>
        eb.or([eb(sql`lower(meter.name)`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(company.display_name)`, 'like', sql`${pattern} escape '\\'`)]),
      );
    }
    if (filter.nodeType !== undefined) {
      query = query.where('meter.node_type', '=', filter.nodeType);
    }
    const [{ total }, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      query
        .selectAll('meter')
        .select(['company.display_name as company_name', 'company.builtin_key as company_builtin_key'])
        .orderBy('meter.id', 'desc')
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize)
        .execute(),
    ]);
    return { rows: rows.map((row) => ({ ...meterRow(row), company_name: row.company_name, company_builtin_key: row.company_builtin_key })), total: Number(total) };
  }
}
