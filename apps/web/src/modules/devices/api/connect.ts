import { useQuery } from '@tanstack/react-query';
import type { DeviceConnectInfo } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { deviceKeys } from './keys';

/** `GET /device/getConnectInfo`: every transport the server offers devices (MQTT, MQTTS, WebSocket, HTTP) and the topics. */
export function fetchDeviceConnectInfo(signal?: AbortSignal): Promise<DeviceConnectInfo> {
  return api.get<DeviceConnectInfo>('/device/getConnectInfo', undefined, { signal });
}

export function useDeviceConnectInfoQuery() {
  return useQuery({ queryKey: deviceKeys.connectInfo(), queryFn: ({ signal }) => fetchDeviceConnectInfo(signal), staleTime: 5 * 60_000 });
}
