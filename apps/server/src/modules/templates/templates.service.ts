import {
  fillContent,
  fillDocument,
  placeholderKeys,
  recordPlaceholderValues,
  richDocumentHtml,
  templateLimits,
  type ContentTemplate,
  type DataField,
  type DocTemplate,
  type DocTemplateList,
  type Locale,
  type PlaceholderValues,
  type RecordItem,
  type RenderedContent,
  type RenderedDocument,
  type RichNode,
} from '@smartdata/domain';
import { notFound, validationError } from '@server/platform/errors';
import type { CabinCaller, CabinService } from '../cabin/cabin.service';
import type { CompaniesService } from '../companies/companies.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { RecordsService } from '../data-items/records.service';
import { documentPdf } from './documentPdf';
import type { Db } from '@server/platform/db/database';
import { TemplatesRepository, type ContentTemplateRow } from './templates.repository';

/** What templates need of other modules: the item check (node permissions), one record, names. */
export interface TemplateDeps {
  dataItems: Pick<DataItemsService, 'requireItem' | 'timeZone' | 'itemsByIds'>;
  records: Pick<RecordsService, 'getRecord'>;
  cabin: Pick<CabinService, 'memberNames'>;
  companies: Pick<CompaniesService, 'find'>;
}

type ContentValues = { name: string; itemId: number | null; content: string };

/**
 * Document templates of a data item and the company's content templates (issue 17,
 * docs/templates.md). A document template lives on its item's node: read there lists, prints and
 * exports, read-write adds, changes and deletes. Another company's item or record is not found.
 */
export class TemplatesService {
  constructor(
    private readonly repository: TemplatesRepository,
    private readonly deps: TemplateDeps,
  ) {}

  // ---- document templates ----

  private async requireDocTemplate(caller: CabinCaller, id: number, level: 'read' | 'readWrite') {
    const row = await this.repository.findDocTemplate(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    const item = await this.deps.dataItems.requireItem(caller, row.item_id, level);
    return { row, item };
  }

  /** Field placeholders must name fields of the item (50001 with the key otherwise). */
  private checkPlaceholders(body: RichNode, fields: readonly DataField[]): void {
    const known = new Set(fields.map((f) => f.fieldName));
    const unknown = placeholderKeys(body).find((key) => !key.startsWith('@') && !known.has(key));
    if (unknown) {
      throw validationError(`validation.template.unknownField|${unknown}`);
    }
  }

  /** The templates of an item (read). */
  async docTemplates(caller: CabinCaller, itemId: number): Promise<DocTemplateList> {
    const item = await this.deps.dataItems.requireItem(caller, itemId, 'read');
    const rows = await this.repository.docTemplatesOf(caller.companyId, itemId);
    return { itemName: item.row.name, level: item.level, list: rows.map((r) => ({ id: r.id, itemId: r.item_id, name: r.name, updatedAt: Number(r.updated_at) })) };
  }

  /** One template with its body (read). */
  async docTemplate(caller: CabinCaller, id: number): Promise<DocTemplate> {
    const { row, item } = await this.requireDocTemplate(caller, id, 'read');
    return { id: row.id, itemId: row.item_id, name: row.name, updatedAt: Number(row.updated_at), body: JSON.parse(row.body) as RichNode, level: item.level };
  }

  /** A new template of an item (read-write on the item). */
  async addDocTemplate(caller: CabinCaller, request: { itemId: number; name: string; body: RichNode }): Promise<{ id: number }> {
    const item = await this.deps.dataItems.requireItem(caller, request.itemId, 'readWrite');
    this.checkPlaceholders(request.body, item.fields);
    if ((await this.repository.countDocTemplates(caller.companyId, request.itemId)) >= templateLimits.docTemplatesPerItem) {
      throw validationError('validation.template.tooMany');
    }
    return { id: await this.repository.insertDocTemplate({ companyId: caller.companyId, itemId: request.itemId, name: request.name, body: JSON.stringify(request.body), userId: caller.userId }) };
  }

  /** Name and body (read-write on the item). */
  async updateDocTemplate(caller: CabinCaller, request: { id: number; name: string; body: RichNode }): Promise<void> {
    const { row, item } = await this.requireDocTemplate(caller, request.id, 'readWrite');
    this.checkPlaceholders(request.body, item.fields);
    await this.repository.updateDocTemplate(caller.companyId, row.id, { name: request.name, body: JSON.stringify(request.body) });
  }

  async deleteDocTemplate(caller: CabinCaller, id: number): Promise<void> {
    const { row } = await this.requireDocTemplate(caller, id, 'readWrite');
    await this.repository.deleteDocTemplate(caller.companyId, row.id);
  }

  /** A record of the item (read on the item; another item's record is not found). */
  private async recordOf(caller: CabinCaller, itemId: number, recordId: number): Promise<RecordItem> {
    const record = await this.deps.records.getRecord(caller, recordId);
    if (record.itemId !== itemId) {
      throw notFound();
    }
    return record;
  }

  /** The values of a record by placeholder key (`recordPlaceholderValues`, with the creator's and the company's names). */
  private async placeholderValues(companyId: number, item: { name: string; fields: readonly DataField[] }, record: RecordItem, locale: Locale): Promise<PlaceholderValues> {
    const [timeZone, creators, company] = await Promise.all([
      this.deps.dataItems.timeZone(companyId),
      record.createdBy === null ? Promise.resolve(new Map<number, string>()) : this.deps.cabin.memberNames(companyId, [record.createdBy]),
      this.deps.companies.find(companyId, locale),
    ]);
    const creator = record.createdBy === null ? '' : (creators.get(record.createdBy) ?? '');
    return recordPlaceholderValues(item.fields, record.values, { itemName: item.name, recordTime: record.createdAt, creator, companyName: company?.displayName ?? '' }, timeZone);
  }

  /** A template filled for one record of its item (read on the item), as JSON and HTML. */
  async renderDocument(caller: CabinCaller, templateId: number, recordId: number, locale: Locale): Promise<RenderedDocument> {
    const { row, item } = await this.requireDocTemplate(caller, templateId, 'read');
    const record = await this.recordOf(caller, row.item_id, recordId);
    const values = await this.placeholderValues(caller.companyId, { name: item.row.name, fields: item.fields }, record, locale);
    const document = fillDocument(JSON.parse(row.body) as RichNode, values);
    return { templateId: row.id, name: row.name, itemId: row.item_id, itemName: item.row.name, recordId: record.id, document, html: richDocumentHtml(document) };
  }

  /** The filled document as a PDF (read on the item). */
  async exportDocumentPdf(caller: CabinCaller, templateId: number, recordId: number, locale: Locale): Promise<{ fileName: string; body: Buffer }> {
    const rendered = await this.renderDocument(caller, templateId, recordId, locale);
    return { fileName: `${rendered.name}-${rendered.recordId}.pdf`, body: await documentPdf(rendered.document, rendered.name) };
  }

  /** Templates of removed items go with them (cabin onRemove). */
  removeOfItems(trx: Db, companyId: number, itemIds: number[]): Promise<void> {
    return TemplatesRepository.in(trx).deleteOfItems(companyId, itemIds);
  }

  // ---- content templates ----

  private async toContent(companyId: number, rows: ContentTemplateRow[]): Promise<ContentTemplate[]> {
    const itemIds = [...new Set(rows.map((r) => r.item_id).filter((id): id is number => id !== null))];
    const names = new Map((await this.deps.dataItems.itemsByIds(companyId, itemIds)).map((i) => [i.id, i.name]));
    return rows.map((r) => ({ id: r.id, name: r.name, itemId: r.item_id, itemName: r.item_id === null ? null : (names.get(r.item_id) ?? null), content: r.content, updatedAt: Number(r.updated_at) }));
  }

  /** The item a content template offers the fields of: the caller must read it. */
  private async checkContentItem(caller: CabinCaller, values: ContentValues): Promise<void> {
    if (values.itemId !== null) {
      await this.deps.dataItems.requireItem(caller, values.itemId, 'read');
    }
  }

  /** The company's content templates. */
  async contentTemplates(caller: CabinCaller): Promise<{ list: ContentTemplate[] }> {
    return { list: await this.toContent(caller.companyId, await this.repository.contentTemplates(caller.companyId)) };
  }

  async addContentTemplate(caller: CabinCaller, request: ContentValues): Promise<{ id: number }> {
    await this.checkContentItem(caller, request);
    if ((await this.repository.countContentTemplates(caller.companyId)) >= templateLimits.contentTemplatesPerCompany) {
      throw validationError('validation.template.tooMany');
    }
    return { id: await this.repository.insertContentTemplate({ companyId: caller.companyId, name: request.name, itemId: request.itemId, content: request.content, userId: caller.userId }) };
  }

  async updateContentTemplate(caller: CabinCaller, request: ContentValues & { id: number }): Promise<void> {
    const row = await this.requireContent(caller, request.id);
    await this.checkContentItem(caller, request);
    await this.repository.updateContentTemplate(caller.companyId, row.id, request);
  }

  async deleteContentTemplate(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.requireContent(caller, id);
    await this.repository.deleteContentTemplate(caller.companyId, row.id);
  }

  private async requireContent(caller: CabinCaller, id: number): Promise<ContentTemplateRow> {
    const row = await this.repository.findContentTemplate(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  /**
   * A content template filled for one record (read on the record's item). A template made for an
   * item fills only that item's records; one without an item fills any record's facts and fields.
   */
  async renderContent(caller: CabinCaller, templateId: number, recordId: number, locale: Locale): Promise<RenderedContent> {
    const row = await this.requireContent(caller, templateId);
    const record = await this.deps.records.getRecord(caller, recordId);
    if (row.item_id !== null && record.itemId !== row.item_id) {
      throw notFound();
    }
    const item = await this.deps.dataItems.requireItem(caller, record.itemId, 'read');
    const values = await this.placeholderValues(caller.companyId, { name: item.row.name, fields: item.fields }, record, locale);
    return { templateId: row.id, recordId: record.id, text: fillContent(row.content, values) };
  }
}
