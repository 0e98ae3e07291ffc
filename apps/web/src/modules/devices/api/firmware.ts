import { useQuery } from '@tanstack/react-query';
import type { FirmwareItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { deviceKeys } from './keys';

/** `GET /device/getFirmwareList?model` (packages uploaded with version and checksum). */
export function useFirmwareListQuery(model: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: deviceKeys.firmware(model),
    queryFn: ({ signal }) => api.get<{ list: FirmwareItem[]; total: number }>('/device/getFirmwareList', { model, pageNum: 1, pageSize: 100 }, { signal }),
    enabled,
  });
}
