import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, SystemDataItem, SystemDataItemDetail, SystemDataItemQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** `GET /system/getSystemDataItemList`: every company's data items, metadata only. */
export function fetchSystemDataItems(query: SystemDataItemQuery, signal?: AbortSignal): Promise<Page<SystemDataItem>> {
  return api.get<Page<SystemDataItem>>('/system/getSystemDataItemList', { ...query }, { signal });
}

export function useSystemDataItemsQuery(query: SystemDataItemQuery) {
  return useQuery({ queryKey: systemKeys.dataItems(query), queryFn: ({ signal }) => fetchSystemDataItems(query, signal), placeholderData: keepPreviousData });
}

/** `GET /system/getSystemDataItem`: one item's fields, settings and sizes (never its records). */
export function fetchSystemDataItem(id: number, signal?: AbortSignal): Promise<SystemDataItemDetail> {
  return api.get<SystemDataItemDetail>('/system/getSystemDataItem', { id }, { signal });
}

export function useSystemDataItemQuery(id: number | null) {
  return useQuery({ queryKey: systemKeys.dataItem(id ?? 0), queryFn: ({ signal }) => fetchSystemDataItem(id ?? 0, signal), enabled: id !== null });
}
