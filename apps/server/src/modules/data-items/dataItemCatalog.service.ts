import { attachmentFieldTypes, type DataItemKindCode, type SystemDataItemField } from '@smartdata/domain';
import type { StorageService } from '../storage/storage.service';
import type { DataItemsRepository } from './dataItems.repository';
import { parseFields } from './fields';
import type { RecordsRepository } from './records.repository';

/** What the catalogue needs of the storage module: an object's size. */
export type CatalogObjects = Pick<StorageService, 'objectInCompany'>;

/** An item as the platform's catalogue lists it (no company name: the system module adds it). */
export interface CatalogEntry {
  id: number;
  companyId: number;
  name: string;
  kind: DataItemKindCode;
  fieldCount: number;
  recordCount: number;
  lastWriteAt: number | null;
  expiryDays: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface CatalogDetail extends CatalogEntry {
  fields: SystemDataItemField[];
  parentItemName: string | null;
  childItemCount: number;
  formCount: number;
  jumpCount: number;
  forwardCount: number;
  attachmentCount: number;
  attachmentBytes: number;
  attachmentsComplete: boolean;
}

/** At most this many records are read for the attachment figures of one item (a lower bound above it). */
const ATTACHMENT_SCAN_LIMIT = 5000;

/**
 * The platform's catalogue of every company's data items (system data items, issue 14.4):
 * definitions, sizes and settings, never a record value. Platform administrators only; it takes
 * no cabin permission because it reads nothing of the records' content.
 */
export class DataItemCatalog {
  constructor(
    private readonly items: DataItemsRepository,
    private readonly records: RecordsRepository,
    private readonly objects: CatalogObjects,
  ) {}

  /** One page of items, of the given companies (all when undefined), by name, newest change first. */
  async page(filter: { companyIds?: readonly number[]; keyword?: string; pageNum: number; pageSize: number }): Promise<{ list: CatalogEntry[]; total: number }> {
    const { rows, total } = await this.items.catalogPage({
      companyIds: filter.companyIds,
      keyword: filter.keyword,
      limit: filter.pageSize,
      offset: (filter.pageNum - 1) * filter.pageSize,
    });
    const lastWrites = await this.records.lastWrites(rows.map((r) => r.id));
    return {
      total,
      list: rows.map((row) => ({
        id: row.id,
        companyId: row.company_id,
        name: row.name,
        kind: row.kind as DataItemKindCode,
        fieldCount: parseFields(row.fields).length,
        recordCount: row.record_count,
        lastWriteAt: lastWrites.get(row.id) ?? null,
        expiryDays: row.expiry_days,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
    };
  }

  /** One item's metadata: fields, settings and sizes (attachments summed from the storage module); undefined when there is no such item. */
  async detail(id: number): Promise<CatalogDetail | undefined> {
    const row = await this.items.catalogItem(id);
    if (!row) {
      return undefined;
    }
    const fields = parseFields(row.fields);
    const [lastWrites, counts, parent] = await Promise.all([
      this.records.lastWrites([row.id]),
      this.items.settingCounts(row.company_id, row.id),
      row.parent_item_id === null ? Promise.resolve(undefined) : this.items.findItem(row.company_id, row.parent_item_id),
    ]);
    const attachmentFields = fields.filter((f) => attachmentFieldTypes.includes(f.type)).map((f) => f.fieldName);
    const { keys, complete } = await this.records.attachmentKeys(row.company_id, row.id, attachmentFields, ATTACHMENT_SCAN_LIMIT);
    let attachmentBytes = 0;
    let attachmentCount = 0;
    for (const key of new Set(keys)) {
      const object = await this.objects.objectInCompany(row.company_id, key);
      if (object) {
        attachmentCount += 1;
        attachmentBytes += object.size;
      }
    }
    return {
      id: row.id,
      companyId: row.company_id,
      name: row.name,
      kind: row.kind as DataItemKindCode,
      fieldCount: fields.length,
      recordCount: row.record_count,
      lastWriteAt: lastWrites.get(row.id) ?? null,
      expiryDays: row.expiry_days,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      fields: fields.map((f) => ({ name: f.name, fieldName: f.fieldName, type: f.type, unit: f.unit, required: f.required, indexed: f.indexed })),
      parentItemName: parent?.name ?? null,
      childItemCount: counts.children,
      formCount: counts.forms,
      jumpCount: counts.jumps,
      forwardCount: counts.forwards,
      attachmentCount,
      attachmentBytes,
      attachmentsComplete: complete,
    };
  }
}
