import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AddDeviceRequest,
  AddDeviceResult,
  BindDeviceResult,
  DeviceDetail,
  DeviceIdQuery,
  DeviceIdRequest,
  DeviceItem,
  DeviceListQuery,
  Page,
  RotateSecretResult,
  SetDeviceStatusRequest,
  UpdateDeviceRequest,
} from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { deviceKeys } from './keys';

/** `GET /device/getDeviceList` (paging, keyword on name/SN, online, bind state, status, model). */
export function fetchDeviceList(query: Partial<DeviceListQuery>, signal?: AbortSignal): Promise<Page<DeviceItem>> {
  const params: Record<string, unknown> = { ...query };
  if (typeof query.online === 'boolean') {
    params.online = query.online ? '1' : '0';
  }
  return api.get<Page<DeviceItem>>('/device/getDeviceList', params, { signal });
}

export function useDeviceListQuery(query: Partial<DeviceListQuery>) {
  return useQuery({ queryKey: deviceKeys.list(query), queryFn: ({ signal }) => fetchDeviceList(query, signal), placeholderData: keepPreviousData });
}

/** `GET /device/getDevice?id` (pictures with short-lived URLs). */
export function fetchDevice(query: DeviceIdQuery, signal?: AbortSignal): Promise<DeviceDetail> {
  return api.get<DeviceDetail>('/device/getDevice', query, { signal });
}

/**
 * While the device owes an answer (a configuration being updated, a detection running), re-read it
 * this often: the live push normally brings the answer first, and a push missed (a socket that
 * reconnected at that moment) must not leave the page saying "updating" for ever.
 */
const AWAITING_ANSWER_MS = 5000;

export function useDeviceQuery(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => fetchDevice({ id }, signal),
    enabled: enabled && id > 0,
    refetchInterval: (query) => (query.state.data?.config.state === 'updating' || query.state.data?.detect.state === 'detecting' ? AWAITING_ANSWER_MS : false),
  });
}

function useDeviceMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  return useInvalidatingMutation(call, deviceKeys.all);
}

/** `POST /device/addDevice {name, sn, model, parentId?, address?, remarks?}` → `{id, nodeId, sn, secret}`. */
export function addDevice(request: AddDeviceRequest): Promise<AddDeviceResult> {
  return api.post<AddDeviceResult>('/device/addDevice', request);
}
export const useAddDeviceMutation = () => useDeviceMutation(addDevice);
/** `POST /device/updateDevice` (absent fields stay). */
export function updateDevice(request: UpdateDeviceRequest): Promise<null> {
  return api.post<null>('/device/updateDevice', request);
}
export const useUpdateDeviceMutation = () => useDeviceMutation(updateDevice);
/** `POST /device/setStatus {id, status}` (illegal lifecycle moves: 40900 with the reason). */
export function setDeviceStatus(request: SetDeviceStatusRequest): Promise<null> {
  return api.post<null>('/device/setStatus', request);
}
export const useSetStatusMutation = () => useDeviceMutation(setDeviceStatus);
/** `POST /device/deleteDevice {id}` */
export function deleteDevice(request: DeviceIdRequest): Promise<null> {
  return api.post<null>('/device/deleteDevice', request);
}
export const useDeleteDeviceMutation = () => useDeviceMutation((id: number) => deleteDevice({ id }));
/** `POST /device/rotateSecret {id}` → `{secret}` (shown once). */
export function rotateSecret(request: DeviceIdRequest): Promise<RotateSecretResult> {
  return api.post<RotateSecretResult>('/device/rotateSecret', request);
}
export const useRotateSecretMutation = () => useDeviceMutation((id: number) => rotateSecret({ id }));
/** `POST /device/bind {id}`: the platform sends the bind command; the device confirms. */
export function bindDevice(request: DeviceIdRequest): Promise<BindDeviceResult | null> {
  return api.post<BindDeviceResult | null>('/device/bind', request);
}
export const useBindMutation = () => useDeviceMutation((id: number) => bindDevice({ id }));
/** `POST /device/unbind {id}` */
export function unbindDevice(request: DeviceIdRequest): Promise<DeviceItem | null> {
  return api.post<DeviceItem | null>('/device/unbind', request);
}
export const useUnbindMutation = () => useDeviceMutation((id: number) => unbindDevice({ id }));
