import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateForwardRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/updateForward {id, ...}` */
export function updateForward(request: UpdateForwardRequest): Promise<null> {
  return api.post<null>('/dataItem/updateForward', request);
}

export function useUpdateForwardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateForward, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
