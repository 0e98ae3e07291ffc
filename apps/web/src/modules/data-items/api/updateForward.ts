import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForwardValues } from './forwardValues';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/updateForward {id, ...}` */
export function updateForward(request: Partial<ForwardValues> & { id: number }): Promise<null> {
  return api.post<null>('/dataItem/updateForward', request);
}

export function useUpdateForwardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateForward, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
