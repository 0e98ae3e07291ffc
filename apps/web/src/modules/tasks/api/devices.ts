import { useQuery } from '@tanstack/react-query';
import type { DeviceItem, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { deviceKeys } from '@/modules/devices/api/keys';

const query = { pageNum: 1, pageSize: 500 };

/**
 * The company's devices for a device command (the devices module's list), asked only when an
 * action needs them; silent, so a user without the device list sees ids instead of an error notice.
 */
export function useCommandDevicesQuery(enabled: boolean) {
  return useQuery({ queryKey: deviceKeys.list(query), queryFn: ({ signal }) => api.get<Page<DeviceItem>>('/device/getDeviceList', query, { signal, silent: true }), enabled });
}
