import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { GasBlendOrderTable, GasCertificateTable, GasGradeTable, GasPurityAnalysisTable } from '@server/platform/db/schema.gas';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type BlendOrderRow = Selectable<GasBlendOrderTable>;
export type GradeRow = Selectable<GasGradeTable>;
export type PurityAnalysisRow = Selectable<GasPurityAnalysisTable>;
export type CertificateRow = Selectable<GasCertificateTable>;

type Page = { pageNum: number; pageSize: number };
type NumberedTable = 'gas_blend_order' | 'gas_purity_analysis' | 'gas_certificate';
const pageOf = (page: Page) => ({ limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize });
const containing = (column: string, keyword: string) => sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(keyword.toLowerCase())}%`} escape '\\'`;
const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

/**
 * Every query of the gas tables (blending orders, grades, purity analyses, certificates), scoped to
 * the company — except `certificateByCode`, the public verification page's lookup by its random
 * code. State changes are conditional on the state the caller read.
 */
export class GasRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): GasRepository {
    return new GasRepository(trx);
  }

  /** How many numbers of the company start with `prefix` (the next automatic number counts on). */
  async countNumbers(table: NumberedTable, companyId: number, prefix: string): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(scopedToCompany(table, companyId))
      .where(sql<boolean>`number like ${`${escapeLike(prefix)}%`} escape '\\'`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ---- blending orders ----

  async insertOrder(values: Insertable<GasBlendOrderTable>): Promise<number> {
    const row = await this.db.insertInto('gas_blend_order').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  findOrder(companyId: number, id: number): Promise<BlendOrderRow | undefined> {
    return this.db.selectFrom('gas_blend_order').selectAll().where(scopedToCompany('gas_blend_order', companyId)).where('id', '=', id).executeTakeFirst();
  }

  /** Changes an order in one of the states `from` (and moves it to `set.state` if given); answers whether it did. */
  async updateOrder(companyId: number, id: number, from: readonly string[], set: Updateable<GasBlendOrderTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('gas_blend_order')
      .set({ ...set, updated_at: Date.now() })
      .where(scopedToCompany('gas_blend_order', companyId))
      .where('id', '=', id)
      .where('state', 'in', [...from])
      .executeTakeFirst();
    return changed(result);
  }

  async deleteDraftOrder(companyId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('gas_blend_order').where(scopedToCompany('gas_blend_order', companyId)).where('id', '=', id).where('state', '=', 'draft').executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async listOrders(companyId: number, filter: { keyword?: string; state?: string }, page: Page): Promise<{ rows: BlendOrderRow[]; total: number }> {
    let query = this.db.selectFrom('gas_blend_order').where(scopedToCompany('gas_blend_order', companyId));
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) => eb.or([containing('number', keyword), containing('cylinder_number', keyword), containing('remarks', keyword)]));
    }
    if (filter.state) {
      query = query.where('state', '=', filter.state);
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }

  // ---- grades ----

  async insertGrade(values: Insertable<GasGradeTable>): Promise<number> {
    const row = await this.db.insertInto('gas_grade').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  findGrade(companyId: number, id: number): Promise<GradeRow | undefined> {
    return this.db.selectFrom('gas_grade').selectAll().where(scopedToCompany('gas_grade', companyId)).where('id', '=', id).executeTakeFirst();
  }

  async updateGrade(companyId: number, id: number, set: Updateable<GasGradeTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('gas_grade')
      .set({ ...set, updated_at: Date.now() })
      .where(scopedToCompany('gas_grade', companyId))
      .where('id', '=', id)
      .executeTakeFirst();
    return changed(result);
  }

  async deleteGrade(companyId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('gas_grade').where(scopedToCompany('gas_grade', companyId)).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async gradeInUse(companyId: number, id: number): Promise<boolean> {
    const row = await this.db.selectFrom('gas_purity_analysis').select('id').where(scopedToCompany('gas_purity_analysis', companyId)).where('grade_id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async listGrades(companyId: number, filter: { gas?: string }, page: Page): Promise<{ rows: GradeRow[]; total: number }> {
    let query = this.db.selectFrom('gas_grade').where(scopedToCompany('gas_grade', companyId));
    if (filter.gas) {
      query = query.where('gas', '=', filter.gas);
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('gas').orderBy('grade').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }

  gradesByIds(companyId: number, ids: readonly number[]): Promise<GradeRow[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('gas_grade').selectAll().where(scopedToCompany('gas_grade', companyId)).where('id', 'in', [...ids]).execute();
  }

  // ---- purity analyses ----

  async insertAnalysis(values: Insertable<GasPurityAnalysisTable>): Promise<number> {
    const row = await this.db.insertInto('gas_purity_analysis').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  findAnalysis(companyId: number, id: number): Promise<PurityAnalysisRow | undefined> {
    return this.db.selectFrom('gas_purity_analysis').selectAll().where(scopedToCompany('gas_purity_analysis', companyId)).where('id', '=', id).executeTakeFirst();
  }

  async deleteAnalysis(companyId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('gas_purity_analysis').where(scopedToCompany('gas_purity_analysis', companyId)).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async listAnalyses(companyId: number, filter: { keyword?: string; gradeId?: number }, page: Page): Promise<{ rows: PurityAnalysisRow[]; total: number }> {
    let query = this.db.selectFrom('gas_purity_analysis').where(scopedToCompany('gas_purity_analysis', companyId));
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) => eb.or([containing('number', keyword), containing('cylinder_number', keyword), containing('lot', keyword)]));
    }
    if (filter.gradeId !== undefined) {
      query = query.where('grade_id', '=', filter.gradeId);
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }

  // ---- certificates ----

  async insertCertificate(values: Insertable<GasCertificateTable>): Promise<number> {
    const row = await this.db.insertInto('gas_certificate').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  findCertificate(companyId: number, id: number): Promise<CertificateRow | undefined> {
    return this.db.selectFrom('gas_certificate').selectAll().where(scopedToCompany('gas_certificate', companyId)).where('id', '=', id).executeTakeFirst();
  }

  /** The valid certificate of a source, if one was issued and not revoked. */
  validCertificateOf(companyId: number, source: string, sourceId: number): Promise<CertificateRow | undefined> {
    return this.db
      .selectFrom('gas_certificate')
      .selectAll()
      .where(scopedToCompany('gas_certificate', companyId))
      .where('source', '=', source)
      .where('source_id', '=', sourceId)
      .where('state', '=', 'valid')
      .executeTakeFirst();
  }

  /** The public verification page's lookup (no company: the code is the random, unguessable key). */
  certificateByCode(code: string): Promise<CertificateRow | undefined> {
    return this.db.selectFrom('gas_certificate').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async revokeCertificate(companyId: number, id: number, reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable('gas_certificate')
      .set({ state: 'revoked', revoked_reason: reason, revoked_at: Date.now() })
      .where(scopedToCompany('gas_certificate', companyId))
      .where('id', '=', id)
      .where('state', '=', 'valid')
      .executeTakeFirst();
    return changed(result);
  }

  async listCertificates(companyId: number, filter: { keyword?: string; state?: string }, page: Page): Promise<{ rows: CertificateRow[]; total: number }> {
    let query = this.db.selectFrom('gas_certificate').where(scopedToCompany('gas_certificate', companyId));
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) => eb.or([containing('number', keyword), containing('snapshot_json', keyword)]));
    }
    if (filter.state) {
      query = query.where('state', '=', filter.state);
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }
}
