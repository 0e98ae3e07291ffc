import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddFirmwareRequest, FirmwareItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { deviceKeys } from './keys';

/** `GET /device/getFirmwareList?model` (packages uploaded with version and checksum). */
export function useFirmwareListQuery(model: string, { enabled = true, pageNum = 1, pageSize = 100 }: { enabled?: boolean; pageNum?: number; pageSize?: number } = {}) {
  return useQuery({
    queryKey: [...deviceKeys.firmware(model), pageNum, pageSize],
    queryFn: ({ signal }) => api.get<{ list: FirmwareItem[]; total: number }>('/device/getFirmwareList', { model: model || undefined, pageNum, pageSize }, { signal }),
    enabled,
  });
}

function useFirmwareMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...deviceKeys.all, 'firmware'] }) });
}

/** `POST /device/addFirmware {model, version, objectKey, sha256, remarks?}` (file uploaded first, purpose gateway). */
export const useAddFirmwareMutation = () => useFirmwareMutation((values: AddFirmwareRequest) => api.post<FirmwareItem>('/device/addFirmware', values));
/** `POST /device/deleteFirmware {id}` (40900 while it is being installed). */
export const useDeleteFirmwareMutation = () => useFirmwareMutation((id: number) => api.post<null>('/device/deleteFirmware', { id }));
