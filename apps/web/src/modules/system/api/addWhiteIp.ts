import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

export interface AddWhiteIpRequest {
  ip: string;
  remark?: string;
}

/**
 * `POST /system/addWhiteIp`. The server refuses an entry that would lock out the caller's own
 * address (50001 with the reason, shown by the API client).
 */
export function addWhiteIp(request: AddWhiteIpRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>('/system/addWhiteIp', request);
}

export function useAddWhiteIpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWhiteIp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}
