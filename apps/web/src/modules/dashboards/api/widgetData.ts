import { useQuery } from '@tanstack/react-query';
import type { DeviceItem, DeviceListQuery, Page, RecordItem, RecordsQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dashboardsKeys } from './keys';

/** The newest `rows` records of an item (`GET /dataItem/getRecords`, newest first), refreshed every `refreshMs`. */
export function useLatestRecordsQuery(itemId: number, rows: number, refreshMs: number, enabled = true) {
  return useQuery({
    queryKey: dashboardsKeys.latest(itemId, rows),
    queryFn: ({ signal }) => {
      // No filters: the parameter is left out (the server's default, none).
      const query: Omit<RecordsQuery, 'filters'> = { itemId, pageNum: 1, pageSize: rows, sort: { field: 'id', order: 'desc' } };
      return api.get<Page<RecordItem>>('/dataItem/getRecords', query, { signal, silent: true });
    },
    refetchInterval: refreshMs,
    enabled: enabled && itemId > 0,
    retry: false,
  });
}

export type DeviceLike = Pick<DeviceItem, 'id' | 'name' | 'sn' | 'online'>;

/**
 * `GET /device/getDeviceList` of the devices module; a refusal (no device permission) leaves the
 * widget in its empty state.
 */
export function useDeviceListQuery(refreshMs: number) {
  return useQuery({
    queryKey: dashboardsKeys.devices(),
    queryFn: async ({ signal }) => {
      try {
        const query: DeviceListQuery = { pageNum: 1, pageSize: 200 };
        const page = await api.get<Page<DeviceLike> | null>('/device/getDeviceList', query, { signal, silent: true });
        return page?.list ?? [];
      } catch {
        return [];
      }
    },
    refetchInterval: refreshMs,
    retry: false,
  });
}
