import type { BindDeviceRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
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
  return useInvalidatingMutation(bindDevice, simKeys.all);
}

export function useUnbindDeviceMutation() {
  return useInvalidatingMutation(unbindDevice, simKeys.all);
}
