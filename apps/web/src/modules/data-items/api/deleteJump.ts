import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteJump {id}` */
export function deleteJump(request: FormQuery): Promise<null> {
  return api.post<null>('/dataItem/deleteJump', request);
}

export function useDeleteJumpMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteJump({ id }), onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
