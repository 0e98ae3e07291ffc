import type { Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { ReportDeliveryTable, ReportTemplateTable } from '@server/platform/db/schema.reports';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type TemplateRow = Selectable<ReportTemplateTable>;
export type DeliveryRow = Omit<Selectable<ReportDeliveryTable>, 'content'>;

export interface LayoutValues {
  cells: string;
  merges: string;
  columnWidths: string;
}

export interface ScheduleValues {
  frequency: string;
  format: string;
  emails: string;
  userId: number | null;
  nextRunAt: number | null;
}

const deliveryColumns = ['id', 'company_id', 'template_id', 'template_name', 'period_from', 'period_to', 'format', 'file_name', 'size', 'created_at'] as const;

/** Report templates and their deliveries; every query is scoped to the company (the due sweep reads all companies). */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): ReportsRepository {
    return new ReportsRepository(trx);
  }

  findTemplate(companyId: number, id: number): Promise<TemplateRow | undefined> {
    return this.db.selectFrom('report_template').selectAll().where(scopedToCompany('report_template', companyId)).where('id', '=', id).executeTakeFirst();
  }

  templatesByIds(companyId: number, ids: readonly number[]): Promise<TemplateRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.db.selectFrom('report_template').selectAll().where(scopedToCompany('report_template', companyId)).where('id', 'in', [...ids]).execute();
  }

  async insertTemplate(values: LayoutValues & { companyId: number; nodeId: number; name: string; userId: number }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('report_template')
      .values({
        company_id: values.companyId,
        node_id: values.nodeId,
        name: values.name,
        cells: values.cells,
        merges: values.merges,
        column_widths: values.columnWidths,
        schedule_user_id: null,
        next_run_at: null,
        last_run_at: null,
        created_by: values.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async copyTemplate(companyId: number, id: number, copy: { nodeId: number; name: string; userId: number }): Promise<number> {
    const row = await this.findTemplate(companyId, id);
    if (!row) {
      throw new Error(`report template ${id} not found for copy`);
    }
    return this.insertTemplate({ companyId, nodeId: copy.nodeId, name: copy.name, userId: copy.userId, cells: row.cells, merges: row.merges, columnWidths: row.column_widths });
  }

  async updateLayout(companyId: number, id: number, values: LayoutValues): Promise<void> {
    await this.db
      .updateTable('report_template')
      .set({ cells: values.cells, merges: values.merges, column_widths: values.columnWidths, updated_at: Date.now() })
      .where(scopedToCompany('report_template', companyId))
      .where('id', '=', id)
      .execute();
  }

  async updateSchedule(companyId: number, id: number, values: ScheduleValues): Promise<void> {
    await this.db
      .updateTable('report_template')
      .set({ frequency: values.frequency, format: values.format, emails: values.emails, schedule_user_id: values.userId, next_run_at: values.nextRunAt, updated_at: Date.now() })
      .where(scopedToCompany('report_template', companyId))
      .where('id', '=', id)
      .execute();
  }

  async renameTemplate(companyId: number, id: number, name: string): Promise<void> {
    await this.db.updateTable('report_template').set({ name, updated_at: Date.now() }).where(scopedToCompany('report_template', companyId)).where('id', '=', id).execute();
  }

  async deleteTemplates(companyId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.db.deleteFrom('report_delivery').where(scopedToCompany('report_delivery', companyId)).where('template_id', 'in', [...ids]).execute();
    await this.db.deleteFrom('report_template').where(scopedToCompany('report_template', companyId)).where('id', 'in', [...ids]).execute();
  }

  /** Templates of every company whose next run is due (the scheduler's sweep). */
  due(now: number, limit: number): Promise<TemplateRow[]> {
    return this.db.selectFrom('report_template').selectAll().where('frequency', '!=', 'off').where('next_run_at', 'is not', null).where('next_run_at', '<=', now).orderBy('next_run_at').limit(limit).execute();
  }

  /** Moves a schedule on, only if no other instance did (compare and set on next_run_at). */
  async advance(companyId: number, id: number, expected: number, next: number, ranAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('report_template')
      .set({ next_run_at: next, last_run_at: ranAt })
      .where(scopedToCompany('report_template', companyId))
      .where('id', '=', id)
      .where('next_run_at', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertDelivery(values: { companyId: number; templateId: number; templateName: string; from: number; to: number; format: string; fileName: string; content: Buffer }): Promise<number> {
    const row = await this.db
      .insertInto('report_delivery')
      .values({
        company_id: values.companyId,
        template_id: values.templateId,
        template_name: values.templateName,
        period_from: values.from,
        period_to: values.to,
        format: values.format,
        file_name: values.fileName,
        content: values.content,
        size: values.content.length,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Deliveries of the given templates, newest first. */
  async deliveries(companyId: number, templateIds: readonly number[], page: { pageNum: number; pageSize: number }): Promise<{ list: DeliveryRow[]; total: number }> {
    if (templateIds.length === 0) {
      return { list: [], total: 0 };
    }
    const base = this.db.selectFrom('report_delivery').where(scopedToCompany('report_delivery', companyId)).where('template_id', 'in', [...templateIds]);
    const [list, count] = await Promise.all([
      base
        .select([...deliveryColumns])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(count.n) };
  }

  findDelivery(companyId: number, id: number): Promise<(DeliveryRow & { content: Buffer }) | undefined> {
    return this.db.selectFrom('report_delivery').selectAll().where(scopedToCompany('report_delivery', companyId)).where('id', '=', id).executeTakeFirst();
  }

  /** Every template id of the company (for the deliveries list, filtered by level after). */
  async templateNodes(companyId: number): Promise<{ id: number; node_id: number }[]> {
    return this.db.selectFrom('report_template').select(['id', 'node_id']).where(scopedToCompany('report_template', companyId)).execute();
  }
}
