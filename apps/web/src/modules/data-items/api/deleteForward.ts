import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteForward {id}` */
export function deleteForward(id: number): Promise<null> {
  return api.post<null>('/dataItem/deleteForward', { id });
}

export function useDeleteForwardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteForward, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
