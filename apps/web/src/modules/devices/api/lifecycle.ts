import { useMutation, useQuery } from '@tanstack/react-query';
import type { ClaimDeviceRequest, DeviceHistoryEntry } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { deviceKeys } from './keys';

/** `GET /device/getLifecycle?id=`: the device's lifecycle moves, oldest first. */
export function fetchLifecycle(id: number, signal?: AbortSignal): Promise<DeviceHistoryEntry[]> {
  return api.get<DeviceHistoryEntry[]>('/device/getLifecycle', { id }, { signal });
}
export function useLifecycleQuery(id: number) {
  return useQuery({ queryKey: deviceKeys.lifecycle(id), queryFn: ({ signal }) => fetchLifecycle(id, signal), enabled: id > 0 });
}

export interface ClaimDeviceResult {
  sn: string;
  /** The 6-digit code the device shows with the claiming company's name. */
  code: string;
  bindExpiresAt: number;
}

/** `POST /device/claim {sn}`: a shipped device of another company; confirmed on the device. */
export function claimDevice(request: ClaimDeviceRequest): Promise<ClaimDeviceResult> {
  return api.post<ClaimDeviceResult>('/device/claim', request);
}
export const useClaimDeviceMutation = () => useMutation({ mutationFn: claimDevice });
