import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JumpValues } from './jumpValues';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/updateJump {id, ...}` */
export function updateJump(request: JumpValues & { id: number }): Promise<null> {
  return api.post<null>('/dataItem/updateJump', request);
}

export function useUpdateJumpMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateJump, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
