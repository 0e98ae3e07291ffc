import { useQuery } from '@tanstack/react-query';
import type { ItemGroupItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `GET /itemGroup/getItemGroupList`: the company's item groups with the items the caller can read. */
export function fetchItemGroupList(signal?: AbortSignal): Promise<ItemGroupItem[]> {
  return api.get<ItemGroupItem[]>('/itemGroup/getItemGroupList', undefined, { signal });
}

export function useItemGroupListQuery() {
  return useQuery({ queryKey: cabinKeys.itemGroups(), queryFn: ({ signal }) => fetchItemGroupList(signal) });
}
