import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BindItemRequest, TelemetryBinding } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

const bindingKey = (itemId: number) => [...dataItemsKeys.item(itemId), 'telemetryBinding'] as const;

/** `GET /telemetry/getBindings?itemId=`: the device feeding an IoT data list (a list of at most one). */
export function fetchItemBinding(itemId: number, signal?: AbortSignal): Promise<TelemetryBinding[]> {
  return api.get<TelemetryBinding[]>('/telemetry/getBindings', { itemId }, { signal });
}

export function useItemBindingQuery(itemId: number) {
  return useQuery({ queryKey: bindingKey(itemId), queryFn: ({ signal }) => fetchItemBinding(itemId, signal) });
}

/** `POST /telemetry/bindItem {itemId, deviceId}` */
export function bindItem(request: BindItemRequest): Promise<TelemetryBinding> {
  return api.post<TelemetryBinding>('/telemetry/bindItem', request);
}

/** `POST /telemetry/unbindItem {itemId}` */
export function unbindItem(itemId: number): Promise<null> {
  return api.post<null>('/telemetry/unbindItem', { itemId });
}

export function useBindItemMutation(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (deviceId: number) => bindItem({ itemId, deviceId }), onSuccess: () => queryClient.invalidateQueries({ queryKey: bindingKey(itemId) }) });
}

export function useUnbindItemMutation(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => unbindItem(itemId), onSuccess: () => queryClient.invalidateQueries({ queryKey: bindingKey(itemId) }) });
}
