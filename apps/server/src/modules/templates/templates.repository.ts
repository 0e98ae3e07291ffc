import type { Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { ContentTemplateTable, DocTemplateTable } from '@server/platform/db/schema.templates';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type DocTemplateRow = Selectable<DocTemplateTable>;
export type ContentTemplateRow = Selectable<ContentTemplateTable>;

/** Document and content templates; every query is scoped to the company. */
export class TemplatesRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): TemplatesRepository {
    return new TemplatesRepository(trx);
  }

  // ---- document templates ----

  findDocTemplate(companyId: number, id: number): Promise<DocTemplateRow | undefined> {
    return this.db.selectFrom('doc_template').selectAll().where(scopedToCompany('doc_template', companyId)).where('id', '=', id).executeTakeFirst();
  }

  docTemplatesOf(companyId: number, itemId: number): Promise<Omit<DocTemplateRow, 'body'>[]> {
    return this.db
      .selectFrom('doc_template')
      .select(['id', 'company_id', 'item_id', 'name', 'created_by', 'created_at', 'updated_at'])
      .where(scopedToCompany('doc_template', companyId))
      .where('item_id', '=', itemId)
      .orderBy('id')
      .execute();
  }

  async countDocTemplates(companyId: number, itemId: number): Promise<number> {
    const row = await this.db.selectFrom('doc_template').select((eb) => eb.fn.countAll<number>().as('n')).where(scopedToCompany('doc_template', companyId)).where('item_id', '=', itemId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertDocTemplate(values: { companyId: number; itemId: number; name: string; body: string; userId: number }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('doc_template')
      .values({ company_id: values.companyId, item_id: values.itemId, name: values.name, body: values.body, created_by: values.userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateDocTemplate(companyId: number, id: number, values: { name: string; body: string }): Promise<void> {
    await this.db.updateTable('doc_template').set({ name: values.name, body: values.body, updated_at: Date.now() }).where(scopedToCompany('doc_template', companyId)).where('id', '=', id).execute();
  }

  async deleteDocTemplate(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('doc_template').where(scopedToCompany('doc_template', companyId)).where('id', '=', id).execute();
  }

  /** The templates of removed items go with them (cabin onRemove). */
  async deleteOfItems(companyId: number, itemIds: readonly number[]): Promise<void> {
    if (itemIds.length === 0) {
      return;
    }
    await this.db.deleteFrom('doc_template').where(scopedToCompany('doc_template', companyId)).where('item_id', 'in', [...itemIds]).execute();
    await this.db.updateTable('content_template').set({ item_id: null }).where(scopedToCompany('content_template', companyId)).where('item_id', 'in', [...itemIds]).execute();
  }

  // ---- content templates ----

  findContentTemplate(companyId: number, id: number): Promise<ContentTemplateRow | undefined> {
    return this.db.selectFrom('content_template').selectAll().where(scopedToCompany('content_template', companyId)).where('id', '=', id).executeTakeFirst();
  }

  contentTemplates(companyId: number): Promise<ContentTemplateRow[]> {
    return this.db.selectFrom('content_template').selectAll().where(scopedToCompany('content_template', companyId)).orderBy('id').execute();
  }

  async countContentTemplates(companyId: number): Promise<number> {
    const row = await this.db.selectFrom('content_template').select((eb) => eb.fn.countAll<number>().as('n')).where(scopedToCompany('content_template', companyId)).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertContentTemplate(values: { companyId: number; name: string; itemId: number | null; content: string; userId: number }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('content_template')
      .values({ company_id: values.companyId, name: values.name, item_id: values.itemId, content: values.content, created_by: values.userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateContentTemplate(companyId: number, id: number, values: { name: string; itemId: number | null; content: string }): Promise<void> {
    await this.db
      .updateTable('content_template')
      .set({ name: values.name, item_id: values.itemId, content: values.content, updated_at: Date.now() })
      .where(scopedToCompany('content_template', companyId))
      .where('id', '=', id)
      .execute();
  }

  async deleteContentTemplate(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('content_template').where(scopedToCompany('content_template', companyId)).where('id', '=', id).execute();
  }
}
