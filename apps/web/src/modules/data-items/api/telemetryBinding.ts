import { useQuery } from '@tanstack/react-query';
import type { BindingsQuery, BindItemRequest, TelemetryBinding, UnbindItemRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

const bindingKey = (itemId: number) => [...dataItemsKeys.item(itemId), 'telemetryBinding'] as const;

/** `GET /telemetry/getBindings?itemId=`: the device feeding an IoT data list (a list of at most one). */
export function fetchItemBinding(query: BindingsQuery, signal?: AbortSignal): Promise<TelemetryBinding[]> {
  return api.get<TelemetryBinding[]>('/telemetry/getBindings', query, { signal });
}

export function useItemBindingQuery(itemId: number) {
  return useQuery({ queryKey: bindingKey(itemId), queryFn: ({ signal }) => fetchItemBinding({ itemId }, signal) });
}

/** `POST /telemetry/bindItem {itemId, deviceId}` */
export function bindItem(request: BindItemRequest): Promise<TelemetryBinding> {
  return api.post<TelemetryBinding>('/telemetry/bindItem', request);
}

/** `POST /telemetry/unbindItem {itemId}` */
export function unbindItem(request: UnbindItemRequest): Promise<null> {
  return api.post<null>('/telemetry/unbindItem', request);
}

export function useBindItemMutation(itemId: number) {
  return useInvalidatingMutation((deviceId: number) => bindItem({ itemId, deviceId }), bindingKey(itemId));
}

export function useUnbindItemMutation(itemId: number) {
  return useInvalidatingMutation(() => unbindItem({ itemId }), bindingKey(itemId));
}
