import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetRetentionRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** `POST /system/setRetention` */
export function setRetention(request: SetRetentionRequest): Promise<null> {
  return api.post<null>('/system/setRetention', request);
}

export function useSetRetentionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRetention,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.retentions() }),
  });
}
