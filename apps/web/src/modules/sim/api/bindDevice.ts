import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BindDeviceRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { simKeys } from './keys';

/** `POST /sim/bindDevice {id, deviceId}`: one card per gateway of the company. */
export function bindDevice(request: BindDeviceRequest): Promise<null> {
  return api.post<null>('/sim/bindDevice', request);
}

/** `POST /sim/unbindDevice {id}`. */
export function unbindDevice(id: number): Promise<null> {
  return api.post<null>('/sim/unbindDevice', { id });
}

export function useBindDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bindDevice, onSuccess: () => queryClient.invalidateQueries({ queryKey: simKeys.all }) });
}

export function useUnbindDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unbindDevice, onSuccess: () => queryClient.invalidateQueries({ queryKey: simKeys.all }) });
}
