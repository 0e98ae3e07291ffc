import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteForward {id}` */
export function deleteForward(request: FormQuery): Promise<null> {
  return api.post<null>('/dataItem/deleteForward', request);
}

export function useDeleteForwardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteForward({ id }), onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
