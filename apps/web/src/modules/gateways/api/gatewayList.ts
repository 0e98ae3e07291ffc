import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { DeviceItem, DeviceListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { fetchSavedFlow, gatewayKeys } from './flow';

/**
 * The gateway list (/device/gateway): the company's devices — every registered device is a
 * gateway speaking the MQTT contract — from `GET /device/getDeviceList`, with each row's saved
 * flow from `GET /gateway/getFlow` (one call per visible row; pages hold at most 50).
 */
export function useGatewayListQuery(query: Partial<DeviceListQuery>) {
  return useQuery({
    queryKey: [...gatewayKeys.all, 'list', query] as const,
    queryFn: ({ signal }) => api.get<Page<DeviceItem>>('/device/getDeviceList', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGatewayFlowsQuery(deviceIds: readonly number[]) {
  return useQueries({
    queries: deviceIds.map((deviceId) => ({ queryKey: gatewayKeys.flow(deviceId), queryFn: ({ signal }: { signal: AbortSignal }) => fetchSavedFlow({ deviceId }, signal) })),
  });
}
