import { useQuery } from '@tanstack/react-query';
import type { DeviceItem, Page, RecordItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dashboardsKeys } from './keys';

/** The newest `rows` records of an item (`GET /dataItem/getRecords`, newest first), refreshed every `refreshMs`. */
export function useLatestRecordsQuery(itemId: number, rows: number, refreshMs: number, enabled = true) {
  return useQuery({
    queryKey: dashboardsKeys.latest(itemId, rows),
    queryFn: ({ signal }) =>
      api.get<Page<RecordItem>>('/dataItem/getRecords', { itemId, pageNum: 1, pageSize: rows, sort: { field: 'id', order: 'desc' } }, { signal, silent: true }),
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
        const page = await api.get<Page<DeviceLike> | null>('/device/getDeviceList', { pageNum: 1, pageSize: 200 }, { signal, silent: true });
        return page?.list ?? [];
      } catch {
        return [];
      }
    },
    refetchInterval: refreshMs,
    retry: false,
  });
}
