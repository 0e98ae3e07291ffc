import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateJumpRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/updateJump {id, ...}` */
export function updateJump(request: UpdateJumpRequest): Promise<null> {
  return api.post<null>('/dataItem/updateJump', request);
}

export function useUpdateJumpMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateJump, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
