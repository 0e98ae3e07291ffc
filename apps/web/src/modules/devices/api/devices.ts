import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TelemetryPayload, AddDeviceRequest, AddDeviceResult, DeviceItem, DeviceListQuery, UpdateDeviceRequest, LifecycleStatus } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { deviceKeys } from './keys';

export interface DevicePage {
  list: DeviceItem[];
  total: number;
}

/** `GET /device/getDeviceList` (paging, keyword on name/SN, online, bind state, status, model). */
export function fetchDeviceList(query: Partial<DeviceListQuery>, signal?: AbortSignal): Promise<DevicePage> {
  const params: Record<string, unknown> = { ...query };
  if (typeof query.online === 'boolean') {
    params.online = query.online ? '1' : '0';
  }
  return api.get<DevicePage>('/device/getDeviceList', params, { signal });
}

export function useDeviceListQuery(query: Partial<DeviceListQuery>) {
  return useQuery({ queryKey: deviceKeys.list(query), queryFn: ({ signal }) => fetchDeviceList(query, signal), placeholderData: keepPreviousData });
}

/** `GET /device/getDevice?id` (pictures with short-lived URLs). */
export type DeviceDetail = DeviceItem & { lastTelemetry?: TelemetryPayload | null };

export function fetchDevice(id: number, signal?: AbortSignal): Promise<DeviceDetail> {
  return api.get<DeviceDetail>('/device/getDevice', { id }, { signal });
}

export function useDeviceQuery(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: deviceKeys.detail(id), queryFn: ({ signal }) => fetchDevice(id, signal), enabled: enabled && id > 0 });
}

function useDeviceMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }) });
}

/** `POST /device/addDevice {name, sn, model, parentId?, address?, remarks?}` → `{id, nodeId, sn, secret}`. */
export const useAddDeviceMutation = () => useDeviceMutation((values: AddDeviceRequest) => api.post<AddDeviceResult>('/device/addDevice', values));
/** `POST /device/updateDevice` (absent fields stay). */
export const useUpdateDeviceMutation = () => useDeviceMutation((values: UpdateDeviceRequest) => api.post<null>('/device/updateDevice', values));
/** `POST /device/setStatus {id, status}` (illegal lifecycle moves: 40900 with the reason). */
export const useSetStatusMutation = () => useDeviceMutation((values: { id: number; status: LifecycleStatus }) => api.post<null>('/device/setStatus', values));
/** `POST /device/deleteDevice {id}` */
export const useDeleteDeviceMutation = () => useDeviceMutation((id: number) => api.post<null>('/device/deleteDevice', { id }));
/** `POST /device/rotateSecret {id}` → `{secret}` (shown once). */
export const useRotateSecretMutation = () => useDeviceMutation((id: number) => api.post<{ secret: string }>('/device/rotateSecret', { id }));
/** `POST /device/bind {id}`: the platform sends the bind command; the device confirms. */
export const useBindMutation = () => useDeviceMutation((id: number) => api.post<(DeviceItem & { code?: string }) | null>('/device/bind', { id }));
/** `POST /device/unbind {id}` */
export const useUnbindMutation = () => useDeviceMutation((id: number) => api.post<DeviceItem | null>('/device/unbind', { id }));
