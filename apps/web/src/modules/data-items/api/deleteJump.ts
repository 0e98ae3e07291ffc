import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteJump {id}` */
export function deleteJump(id: number): Promise<null> {
  return api.post<null>('/dataItem/deleteJump', { id });
}

export function useDeleteJumpMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteJump, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
