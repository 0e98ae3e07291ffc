import type {
  AddCategoryRequest,
  AddCustomerRequest,
  AddItemRequest,
  AddWarehouseRequest,
  CategoryItem,
  CustomerItem,
  IdResponse,
  InventoryItem,
  InventorySettings,
  ItemListQuery,
  MasterListQuery,
  Page,
  WarehouseItem,
  WarehouseKind,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import { conflict, notFound } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import { InventoryRepository, type CustomerRow, type ItemRow, type WarehouseRow } from './inventory.repository';

const toItem = (row: ItemRow): InventoryItem => ({ id: row.id, name: row.name, categoryId: row.category_id, serialized: row.serialized === 1, unit: row.unit, createdAt: Number(row.created_at) });
const toWarehouse = (row: WarehouseRow): WarehouseItem => ({ id: row.id, name: row.name, kind: row.kind as WarehouseKind, createdAt: Number(row.created_at) });
const toCustomer = (row: CustomerRow): CustomerItem => ({ id: row.id, name: row.name, contact: row.contact, phone: row.phone, createdAt: Number(row.created_at) });

/** A unique name per company: 40900 instead of the constraint's failure. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('inventory.nameTaken');
    }
    throw error;
  }
}

/**
 * Inventory's master data (issue 18, docs/inventory.md): categories (a tree), items (serialized
 * ones are device models), warehouses, customers and the company's settings — what every stock
 * document and the sales and production modules look up.
 */
export class MasterDataService {
  constructor(private readonly repository: InventoryRepository) {}

  /** A category under `parentId` (a tree). */
  async addCategory(caller: CabinCaller, request: AddCategoryRequest): Promise<IdResponse> {
    const parentId = request.parentId ?? null;
    if (parentId !== null && !(await this.repository.findCategory(caller.companyId, parentId))) {
      throw notFound('inventory.category.missing');
    }
    return { id: await this.repository.insertCategory(caller.companyId, request.name, parentId) };
  }

  /** Categories matching the keyword, paged (the web builds the tree from parentId). */
  async listCategories(caller: CabinCaller, query: MasterListQuery): Promise<Page<CategoryItem>> {
    const rows = (await this.repository.categories(caller.companyId)).filter((row) => !query.keyword || row.name.toLowerCase().includes(query.keyword.toLowerCase()));
    return { list: rows.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize).map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id })), total: rows.length };
  }

  async addItem(caller: CabinCaller, request: AddItemRequest): Promise<IdResponse> {
    const categoryId = request.categoryId ?? null;
    if (categoryId !== null && !(await this.repository.findCategory(caller.companyId, categoryId))) {
      throw notFound('inventory.category.missing');
    }
    const id = await uniqueName(() => this.repository.insertItem({ companyId: caller.companyId, name: request.name, categoryId, serialized: request.serialized, unit: request.unit ?? (request.serialized ? '台' : '个') }));
    return { id };
  }

  /** Items by name; a category filter takes its whole subtree. */
  async listItems(caller: CabinCaller, query: ItemListQuery): Promise<Page<InventoryItem>> {
    let categoryIds: number[] | undefined;
    if (query.categoryId !== undefined) {
      const all = await this.repository.categories(caller.companyId);
      categoryIds = [query.categoryId];
      for (let i = 0; i < categoryIds.length; i++) {
        categoryIds.push(...all.filter((c) => c.parent_id === categoryIds![i]).map((c) => c.id));
      }
    }
    const serialized = query.serialized === undefined ? undefined : query.serialized === '1';
    const { rows, total } = await this.repository.listItems(caller.companyId, { keyword: query.keyword, categoryIds, serialized }, query);
    return { list: rows.map(toItem), total };
  }

  async addWarehouse(caller: CabinCaller, request: AddWarehouseRequest): Promise<IdResponse> {
    return { id: await uniqueName(() => this.repository.insertWarehouse(caller.companyId, request.name, request.kind ?? 'finished')) };
  }

  async listWarehouses(caller: CabinCaller, query: MasterListQuery): Promise<Page<WarehouseItem>> {
    const { rows, total } = await this.repository.listWarehouses(caller.companyId, query, query);
    return { list: rows.map(toWarehouse), total };
  }

  async addCustomer(caller: CabinCaller, request: AddCustomerRequest): Promise<IdResponse> {
    return { id: await uniqueName(() => this.repository.insertCustomer({ companyId: caller.companyId, name: request.name, contact: request.contact ?? '', phone: request.phone ?? '' })) };
  }

  async listCustomers(caller: CabinCaller, query: MasterListQuery): Promise<Page<CustomerItem>> {
    const { rows, total } = await this.repository.listCustomers(caller.companyId, query, query);
    return { list: rows.map(toCustomer), total };
  }

  async settings(companyId: number): Promise<InventorySettings> {
    return { allowNegativeStock: await this.repository.allowNegativeStock(companyId) };
  }

  async updateSettings(companyId: number, settings: InventorySettings): Promise<void> {
    await this.repository.saveSettings(companyId, settings.allowNegativeStock);
  }

  async requireItem(companyId: number, id: number): Promise<InventoryItem> {
    const row = await this.repository.findItem(companyId, id);
    if (!row) {
      throw notFound('inventory.item.missing');
    }
    return toItem(row);
  }

  async requireWarehouse(companyId: number, id: number): Promise<WarehouseItem> {
    const row = await this.repository.findWarehouse(companyId, id);
    if (!row) {
      throw notFound('inventory.warehouse.missing');
    }
    return toWarehouse(row);
  }

  /** The customer of an outbound or sales order: an id of the company, or a name (a new name becomes a customer). */
  async customerOf(on: Db, companyId: number, customer: number | string): Promise<number> {
    const repository = InventoryRepository.in(on);
    if (typeof customer === 'number') {
      if (!(await repository.findCustomer(companyId, customer))) {
        throw notFound('inventory.customer.missing');
      }
      return customer;
    }
    return repository.ensureCustomer(companyId, customer);
  }

  async customerNames(companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
    return new Map((await this.repository.customersByIds(companyId, [...new Set(ids)])).map((row) => [row.id, row.name]));
  }

  customerIdsMatching(companyId: number, keyword: string): Promise<number[]> {
    return this.repository.customerIdsMatching(companyId, keyword);
  }

  async itemNames(on: Db, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
    return new Map((await InventoryRepository.in(on).itemsByIds(companyId, [...new Set(ids)])).map((row) => [row.id, row.name]));
  }
}
