import { useQuery } from '@tanstack/react-query';
import type { Page, RecordItem } from '@smartdata/domain';
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

export interface DeviceLike {
  id?: number | string;
  name?: string;
  deviceName?: string;
  sn?: string;
  online?: boolean | number | string;
  onlineStatus?: boolean | number | string;
}

/**
 * `GET /device/getDeviceList` of the devices module (built beside this one): an answer of 404 or
 * nothing leaves the widget in its empty state.
 */
export function useDeviceListQuery(refreshMs: number) {
  return useQuery({
    queryKey: dashboardsKeys.devices(),
    queryFn: async ({ signal }) => {
      try {
        const page = await api.get<Page<DeviceLike> | DeviceLike[] | null>('/device/getDeviceList', { pageNum: 1, pageSize: 200 }, { signal, silent: true });
        return Array.isArray(page) ? page : (page?.list ?? []);
      } catch {
        return [];
      }
    },
    refetchInterval: refreshMs,
    retry: false,
  });
}
