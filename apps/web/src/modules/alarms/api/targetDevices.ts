import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceItem, DeviceListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { alarmsKeys } from './keys';

/** Permission codes that open the device list (the devices module's routes). */
export const deviceListCodes = ['cd_device', 'dm_gateway'] as const;

/**
 * `GET /device/getDeviceList?keyword=`: devices to pick as a rule's target or to filter the log
 * by. Silent: a user without the device list simply gets no device options.
 */
export function fetchTargetDevices(query: Pick<DeviceListQuery, 'pageNum' | 'pageSize' | 'keyword'>, signal?: AbortSignal): Promise<Page<DeviceItem>> {
  return api.get<Page<DeviceItem>>('/device/getDeviceList', query, { signal, silent: true });
}

export function useTargetDevicesQuery(keyword: string, pageSize: number, enabled: boolean) {
  const query = { pageNum: 1, pageSize, keyword: keyword || undefined };
  return useQuery({ queryKey: alarmsKeys.targetDevices(keyword, pageSize), queryFn: ({ signal }) => fetchTargetDevices(query, signal), enabled, placeholderData: keepPreviousData });
}
