import { useQuery } from '@tanstack/react-query';
import type { AddFirmwareRequest, DeviceIdRequest, FirmwareItem, FirmwareListQuery, Page, UpgradeFirmwareRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { deviceKeys } from './keys';

/** `GET /device/getFirmwareList?model` (packages uploaded with version and checksum). */
export function fetchFirmwareList(query: FirmwareListQuery, signal?: AbortSignal): Promise<Page<FirmwareItem>> {
  return api.get<Page<FirmwareItem>>('/device/getFirmwareList', query, { signal });
}

export function useFirmwareListQuery(model: string, { enabled = true, pageNum = 1, pageSize = 100 }: { enabled?: boolean; pageNum?: number; pageSize?: number } = {}) {
  return useQuery({
    queryKey: [...deviceKeys.firmware(model), pageNum, pageSize],
    queryFn: ({ signal }) => fetchFirmwareList({ model: model || undefined, pageNum, pageSize }, signal),
    enabled,
  });
}

function useFirmwareMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  return useInvalidatingMutation(call, [...deviceKeys.all, 'firmware']);
}

/** `POST /device/addFirmware {model, version, objectKey, sha256, remarks?}` (file uploaded first, purpose gateway). */
export function addFirmware(request: AddFirmwareRequest): Promise<FirmwareItem> {
  return api.post<FirmwareItem>('/device/addFirmware', request);
}
export const useAddFirmwareMutation = () => useFirmwareMutation(addFirmware);
/** `POST /device/deleteFirmware {id}` (40900 while it is being installed). */
export function deleteFirmware(request: DeviceIdRequest): Promise<null> {
  return api.post<null>('/device/deleteFirmware', request);
}
export const useDeleteFirmwareMutation = () => useFirmwareMutation((id: number) => deleteFirmware({ id }));
/** `POST /device/upgradeFirmware {deviceId, firmwareId}`: the OTA starts; progress comes by the devices channel. */
export function upgradeFirmware(request: UpgradeFirmwareRequest): Promise<null> {
  return api.post<null>('/device/upgradeFirmware', request);
}
