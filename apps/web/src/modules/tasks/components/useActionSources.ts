import { useCommandDevicesQuery } from '../api/devices';
import { useItemNamesQuery } from '../api/itemNames';

/** What the action editor offers: the data items the user may see and, once a device command is added, the company's devices. */
export function useActionSources(needsDevices: boolean) {
  const items = useItemNamesQuery();
  const devices = useCommandDevicesQuery(needsDevices);
  return {
    items: items.data?.list ?? [],
    itemsLoading: items.isPending,
    devices: devices.data?.list ?? [],
    devicesLoading: devices.isFetching,
  };
}
