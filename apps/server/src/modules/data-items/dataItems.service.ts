import {
  levelAtLeast,
  type AddDataItemRequest,
  type DataField,
  type DataItemDetail,
  type DataItemKindCode,
  type DataItemSummary,
  type Page,
  type PermissionLevel,
  type UpdateDataItemRequest,
} from '@smartdata/domain';
import { notFound, permissionDenied, validationError } from '@server/platform/errors';
import { parseJsonList } from '@server/platform/scope';
import type { CompaniesService } from '../companies/companies.service';
import type { CabinCaller, CabinService, NodeKindHandler } from '../cabin/cabin.service';
import { DataItemsRepository, type DataItemRow } from './dataItems.repository';
import { parseDesign, parseFields, toFields } from './fields';
import type { RecordFieldIndexes } from './recordFieldIndexes.repository';
import type { RecordsRepository } from './records.repository';
import type { RecordWriter } from './recordWriter';

/** An item with its parsed fields. */
export interface LoadedItem {
  row: DataItemRow;
  fields: DataField[];
}

/** A data item as other modules see it (dashboards' widgets, telemetry's bindings). */
export interface ItemSummary {
  id: number;
  nodeId: number;
  name: string;
  kind: number;
  fields: DataField[];
}

/** The company's time zone (the companies module), undefined for an unknown company. */
export type CompanyTimeZones = Pick<CompaniesService, 'timeZoneOf'>;

const toSummary = (row: DataItemRow): ItemSummary => ({ id: row.id, nodeId: row.node_id, name: row.name, kind: row.kind, fields: parseFields(row.fields) });

/**
 * Data items (cabin nodes of kind `dataItem`, docs/cabin.md): their definition — fields, expiry,
 * master item — and the permission check every data-item call starts with. Records are
 * RecordsService's; the item's settings (forms, jumps, forwards, groups) DataItemConfigService's.
 */
export class DataItemsService {
  /** Item → its company and cabin node, for the push filter of `records:<itemId>` (never change; dropped on delete). */
  private readonly nodes = new Map<number, { companyId: number; nodeId: number }>();

  constructor(
    private readonly items: DataItemsRepository,
    private readonly records: RecordsRepository,
    private readonly fieldIndexes: RecordFieldIndexes,
    private readonly writer: RecordWriter,
    private readonly cabin: CabinService,
    private readonly companies: CompanyTimeZones,
    private readonly defaultTimeZone: string,
  ) {}

  // ---- items ----

  /** An item of the caller's company where the caller holds `level` (40400 / 40300). */
  async requireItem(caller: CabinCaller, itemId: number, level: PermissionLevel): Promise<LoadedItem & { level: PermissionLevel; directoryId: number | null }> {
    const row = await this.items.findItem(caller.companyId, itemId);
    if (!row) {
      throw notFound();
    }
    const effective = await this.cabin.effectiveLevel(caller, row.node_id);
    if (!levelAtLeast(effective.level, level)) {
      throw permissionDenied(`cabin.needs.${level}`);
    }
    return { row, fields: parseFields(row.fields), level: effective.level, directoryId: effective.node.parent_id };
  }

  /**
   * The cabin node of an item of the company, for the realtime filter run on every push of
   * `records:<itemId>`: synchronous once known (an item never changes node); null when the company
   * has no such item.
   */
  itemNode(companyId: number, itemId: number): number | null | Promise<number | null> {
    const known = this.nodes.get(itemId);
    if (known) {
      return known.companyId === companyId ? known.nodeId : null;
    }
    return this.items.itemNode(companyId, itemId).then((row) => {
      if (!row) {
        return null;
      }
      if (this.nodes.size >= 100_000) {
        this.nodes.clear();
      }
      this.nodes.set(itemId, { companyId, nodeId: row.node_id });
      return row.node_id;
    });
  }

  /** The company's time zone, or the configured default (record time ranges, charts). */
  async timeZone(companyId: number): Promise<string> {
    return (await this.companies.timeZoneOf(companyId)) ?? this.defaultTimeZone;
  }

  /** Items of the company by id, with their fields; ids of other companies or deleted items are left out. */
  async itemsByIds(companyId: number, ids: readonly number[]): Promise<ItemSummary[]> {
    return (await this.items.itemsByIds(companyId, ids)).map(toSummary);
  }

  /** Every item of the company, with its fields (callers filter by level). */
  async itemsOfCompany(companyId: number): Promise<ItemSummary[]> {
    return (await this.items.itemsOfCompany(companyId)).map(toSummary);
  }

  /** The time of the item's newest record, or null (update watches start from it). */
  latestRecordAt(companyId: number, itemId: number): Promise<number | null> {
    return this.records.latestRecordAt(companyId, itemId);
  }

  /** How many items the company has (the home card). */
  countItems(companyId: number): Promise<number> {
    return this.items.countItems(companyId);
  }

  /** Creates a data item in a directory where the caller may write (node and item in one transaction). */
  async addDataItem(caller: CabinCaller, request: AddDataItemRequest): Promise<{ id: number }> {
    const fields = toFields(request.fields);
    if (request.parentItemId) {
      await this.requireItem(caller, request.parentItemId, 'read');
    }
    const { refId } = await this.cabin.createNode(caller, { kind: 'dataItem', parentId: request.directoryId, name: request.name.trim() }, (trx, nodeId) =>
      DataItemsRepository.in(trx).insertItem({
        companyId: caller.companyId,
        nodeId,
        name: request.name.trim(),
        kind: request.kind,
        fields: JSON.stringify(fields),
        expiryDays: request.expiryDays ?? null,
        parentItemId: request.parentItemId ?? null,
        userId: caller.userId,
      }),
    );
    await this.fieldIndexes.sync(refId, fields);
    return { id: refId };
  }

  /**
   * Changes an item's settings (read-write). Fields are matched by fieldName: a field whose type
   * would change is refused once the item has records, and a field still used by a form, a jump
   * or a forward of the item cannot be removed.
   */
  async updateDataItem(caller: CabinCaller, request: UpdateDataItemRequest): Promise<void> {
    const { row, fields: before } = await this.requireItem(caller, request.id, 'readWrite');
    let fields: DataField[] | undefined;
    if (request.fields) {
      fields = toFields(request.fields);
      const changedType = fields.filter((f) => before.some((b) => b.fieldName === f.fieldName && b.type !== f.type));
      if (changedType.length > 0 && (await this.records.countRecords(caller.companyId, row.id)) > 0) {
        throw validationError(`dataItem.fieldTypeLocked|${changedType[0].name}`);
      }
      const removed = before.filter((b) => !fields!.some((f) => f.fieldName === b.fieldName));
      for (const field of removed) {
        if (await this.fieldInUse(caller.companyId, row.id, field.fieldName)) {
          throw validationError(`dataItem.fieldInUse|${field.name}`);
        }
      }
    }
    if (request.parentItemId !== undefined && request.parentItemId !== null) {
      if (request.parentItemId === row.id) {
        throw validationError('dataItem.parentSelf');
      }
      await this.requireItem(caller, request.parentItemId, 'read');
    }
    if (request.name !== undefined && request.name.trim() !== row.name) {
      await this.cabin.rename(caller, row.node_id, request.name);
    }
    await this.items.updateItem(caller.companyId, row.id, {
      fields: fields ? JSON.stringify(fields) : undefined,
      expiryDays: request.expiryDays,
      parentItemId: request.parentItemId,
    });
    if (fields) {
      await this.fieldIndexes.sync(row.id, fields);
    }
  }

  private async fieldInUse(companyId: number, itemId: number, fieldName: string): Promise<boolean> {
    const [forms, jumps, forwards] = await Promise.all([this.items.forms(companyId, itemId), this.items.jumps(companyId, itemId), this.items.forwards(companyId, itemId)]);
    return (
      forms.some((f) => parseDesign(f.design).elements.some((e) => e.field === fieldName)) ||
      jumps.some((j) => parseJsonList<{ sourceField?: string }>(j.conditions).some((c) => c.sourceField === fieldName)) ||
      forwards.some(
        (f) => parseJsonList<{ field: string }>(f.conditions).some((c) => c.field === fieldName) || parseJsonList<{ from: string }>(f.mappings).some((m) => m.from === fieldName),
      )
    );
  }

  /** Deleting a data item is deleting its node (admin): records, forms, jumps and forwards go with it. */
  async deleteDataItem(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.items.findItem(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    await this.cabin.delete(caller, row.node_id);
  }

  /** An item with its definition, record count and settings (read on the item; `config` is read by the caller). */
  async getDataItem(caller: CabinCaller, id: number, config: { forms: DataItemDetail['forms']; jumps: DataItemDetail['jumps']; forwards: DataItemDetail['forwards'] }): Promise<DataItemDetail> {
    const { row, fields, level, directoryId } = await this.requireItem(caller, id, 'read');
    return {
      id: row.id,
      nodeId: row.node_id,
      name: row.name,
      kind: row.kind as DataItemKindCode,
      directoryId,
      recordCount: await this.records.countRecords(caller.companyId, row.id),
      fields,
      expiryDays: row.expiry_days,
      parentItemId: row.parent_item_id,
      level,
      ...config,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** The company's data items the caller can read (pickers: jump and forward targets, item groups). */
  async listDataItems(caller: CabinCaller, query: { pageNum: number; pageSize: number; keyword?: string; kind?: number; parentItemId?: number }): Promise<Page<DataItemSummary>> {
    const [rows, levels] = await Promise.all([this.items.listItems(caller.companyId, query), this.cabin.levelMap(caller)]);
    const parents = new Map(levels.nodes.map((n) => [n.id, n.parent_id]));
    const visible = rows.filter((r) => parents.has(r.node_id) && levels.levelOf(r.node_id) !== 'none');
    const start = (query.pageNum - 1) * query.pageSize;
    return {
      total: visible.length,
      list: visible
        .slice(start, start + query.pageSize)
        .map((r) => ({ id: r.id, nodeId: r.node_id, name: r.name, kind: r.kind as DataItemKindCode, directoryId: parents.get(r.node_id) ?? null, parentItemId: r.parent_item_id })),
    };
  }

  /** How the cabin treats nodes of kind dataItem: names, tree details, copy and delete. */
  nodeHandler(): NodeKindHandler {
    return {
      describe: async (companyId, refIds) => {
        const rows = await this.items.itemsByIds(companyId, refIds);
        return new Map(rows.map((r) => [r.id, { itemKind: r.kind }]));
      },
      rename: (trx, companyId, refId, name) => DataItemsRepository.in(trx).renameItem(companyId, refId, name),
      // A copy has the definition (fields, forms, jumps; not forwards, which would write into
      // other items twice, and not records).
      copy: async (trx, companyId, refId, copy) => {
        const repository = DataItemsRepository.in(trx);
        const source = await repository.findItem(companyId, refId);
        if (!source) {
          throw notFound();
        }
        const id = await repository.insertItem({
          companyId,
          nodeId: copy.nodeId,
          name: copy.name,
          kind: source.kind,
          fields: source.fields,
          expiryDays: source.expiry_days,
          parentItemId: source.parent_item_id,
          userId: copy.userId,
        });
        for (const form of await repository.forms(companyId, refId)) {
          await repository.insertForm(companyId, id, form.name, form.design);
        }
        for (const jump of await repository.jumps(companyId, refId)) {
          await repository.insertJump(companyId, { itemId: id, name: jump.name, priority: jump.priority, targetItemId: jump.target_item_id, conditions: jump.conditions });
        }
        return id;
      },
      afterCopy: async (companyId, refIds) => {
        for (const item of await this.items.itemsByIds(companyId, refIds)) {
          await this.fieldIndexes.sync(item.id, parseFields(item.fields));
        }
      },
      remove: (trx, companyId, refIds) => this.writer.removeItems(trx, companyId, refIds),
      afterRemove: async (_companyId, refIds) => {
        for (const id of refIds) {
          this.nodes.delete(id);
          await this.fieldIndexes.drop(id);
        }
      },
    };
  }
}
