import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** `POST /system/deleteWhiteIp {id}`; refused when it would lock out the caller's address. */
export function deleteWhiteIp(request: IdRequest): Promise<null> {
  return api.post<null>('/system/deleteWhiteIp', request);
}

export function useDeleteWhiteIpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteWhiteIp({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}
