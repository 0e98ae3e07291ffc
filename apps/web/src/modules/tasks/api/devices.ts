import { useQuery } from '@tanstack/react-query';
import { fetchDeviceList } from '@/modules/devices/api/devices';
import { deviceKeys } from '@/modules/devices/api/keys';

const query = { pageNum: 1, pageSize: 500 };

/** The company's devices for a device command (the devices module's list), asked only when an action needs them. */
export function useCommandDevicesQuery(enabled: boolean) {
  return useQuery({ queryKey: deviceKeys.list(query), queryFn: ({ signal }) => fetchDeviceList(query, signal), enabled });
}
