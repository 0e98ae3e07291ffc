import type { ItemListQuery, LedgerQuery, MasterListQuery, OutboundListQuery, StockQuery } from '@smartdata/domain';

/** Query keys of the inventory module (master data, documents, stock, ledger). */
export const inventoryKeys = {
  all: ['inventory'] as const,
  categories: (query: Partial<MasterListQuery>) => [...inventoryKeys.all, 'categories', query] as const,
  items: (query: Partial<ItemListQuery>) => [...inventoryKeys.all, 'items', query] as const,
  warehouses: (query: Partial<MasterListQuery>) => [...inventoryKeys.all, 'warehouses', query] as const,
  customers: (query: Partial<MasterListQuery>) => [...inventoryKeys.all, 'customers', query] as const,
  settings: () => [...inventoryKeys.all, 'settings'] as const,
  outbounds: (query: Partial<OutboundListQuery>) => [...inventoryKeys.all, 'outbounds', query] as const,
  outbound: (id: number) => [...inventoryKeys.all, 'outbound', id] as const,
  stock: (query: StockQuery) => [...inventoryKeys.all, 'stock', query] as const,
  ledger: (query: Partial<LedgerQuery>) => [...inventoryKeys.all, 'ledger', query] as const,
};

/** Pick lists (selects, the category tree) ask for one page this large. */
export const PICK_LIST_SIZE = 500;
