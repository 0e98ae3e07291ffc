import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** `POST /system/deleteWhiteIp {id}`; refused when it would lock out the caller's address. */
export function deleteWhiteIp(id: number): Promise<null> {
  return api.post<null>('/system/deleteWhiteIp', { id });
}

export function useDeleteWhiteIpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWhiteIp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}
