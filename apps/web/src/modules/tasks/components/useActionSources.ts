import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useCommandDevicesQuery } from '../api/devices';

/** What the action editor offers: the data items the user may see and, once a device command is added, the company's devices. */
export function useActionSources(needsDevices: boolean) {
  const items = useDataItemListQuery({});
  const devices = useCommandDevicesQuery(needsDevices);
  return {
    items: items.data?.list ?? [],
    itemsLoading: items.isPending,
    devices: devices.data?.list ?? [],
    devicesLoading: devices.isFetching,
  };
}
