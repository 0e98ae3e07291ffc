import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { inventoryKeys } from './keys';

const withoutEmpty = <T extends object>(query: T): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined && value !== null));

/** `GET /inventory/getCategoryList` (`parentId` gives the tree). */
export function fetchCategoryList(query: Partial<MasterListQuery>, signal?: AbortSignal): Promise<Page<CategoryItem>> {
  return api.get<Page<CategoryItem>>('/inventory/getCategoryList', withoutEmpty(query), { signal });
}
export function useCategoryListQuery(query: Partial<MasterListQuery>) {
  return useQuery({ queryKey: inventoryKeys.categories(query), queryFn: ({ signal }) => fetchCategoryList(query, signal), placeholderData: keepPreviousData });
}

/** `GET /inventory/getItemList` (keyword, category subtree, serialized '0' | '1'). */
export function fetchItemList(query: Partial<ItemListQuery>, signal?: AbortSignal): Promise<Page<InventoryItem>> {
  return api.get<Page<InventoryItem>>('/inventory/getItemList', withoutEmpty(query), { signal });
}
export function useItemListQuery(query: Partial<ItemListQuery>) {
  return useQuery({ queryKey: inventoryKeys.items(query), queryFn: ({ signal }) => fetchItemList(query, signal), placeholderData: keepPreviousData });
}

/** `GET /inventory/getWarehouseList`. */
export function fetchWarehouseList(query: Partial<MasterListQuery>, signal?: AbortSignal): Promise<Page<WarehouseItem>> {
  return api.get<Page<WarehouseItem>>('/inventory/getWarehouseList', withoutEmpty(query), { signal });
}
export function useWarehouseListQuery(query: Partial<MasterListQuery>) {
  return useQuery({ queryKey: inventoryKeys.warehouses(query), queryFn: ({ signal }) => fetchWarehouseList(query, signal), placeholderData: keepPreviousData });
}

/** `GET /inventory/getCustomerList`. */
export function fetchCustomerList(query: Partial<MasterListQuery>, signal?: AbortSignal): Promise<Page<CustomerItem>> {
  return api.get<Page<CustomerItem>>('/inventory/getCustomerList', withoutEmpty(query), { signal });
}
export function useCustomerListQuery(query: Partial<MasterListQuery>) {
  return useQuery({ queryKey: inventoryKeys.customers(query), queryFn: ({ signal }) => fetchCustomerList(query, signal), placeholderData: keepPreviousData });
}

/** `GET /inventory/getSettings`. */
export function useInventorySettingsQuery() {
  return useQuery({ queryKey: inventoryKeys.settings(), queryFn: ({ signal }) => api.get<InventorySettings>('/inventory/getSettings', {}, { signal }) });
}

function useInventoryMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  return useInvalidatingMutation(call, inventoryKeys.all);
}

/** `POST /inventory/addCategory {name, parentId?}`. */
export const useAddCategoryMutation = () => useInventoryMutation((request: AddCategoryRequest) => api.post<IdResponse>('/inventory/addCategory', request));
/** `POST /inventory/addItem {name, categoryId?, serialized, unit?}`. */
export const useAddItemMutation = () => useInventoryMutation((request: AddItemRequest) => api.post<IdResponse>('/inventory/addItem', request));
/** `POST /inventory/addWarehouse {name, kind?}`. */
export const useAddWarehouseMutation = () => useInventoryMutation((request: AddWarehouseRequest) => api.post<IdResponse>('/inventory/addWarehouse', request));
/** `POST /inventory/addCustomer {name, contact?, phone?}`. */
export const useAddCustomerMutation = () => useInventoryMutation((request: AddCustomerRequest) => api.post<IdResponse>('/inventory/addCustomer', request));
/** `POST /inventory/updateSettings {allowNegativeStock}`. */
export const useUpdateSettingsMutation = () => useInventoryMutation((request: InventorySettings) => api.post<null>('/inventory/updateSettings', request));
