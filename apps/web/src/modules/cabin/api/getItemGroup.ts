import { useQuery } from '@tanstack/react-query';
import type { ItemGroupItem, ItemGroupQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `GET /itemGroup/getItemGroup?id=` */
export function fetchItemGroup(query: ItemGroupQuery, signal?: AbortSignal): Promise<ItemGroupItem> {
  return api.get<ItemGroupItem>('/itemGroup/getItemGroup', query, { signal });
}

export function useItemGroupQuery(id: number) {
  return useQuery({ queryKey: cabinKeys.itemGroup(id), queryFn: ({ signal }) => fetchItemGroup({ id }, signal), enabled: Number.isSafeInteger(id) && id > 0 });
}
