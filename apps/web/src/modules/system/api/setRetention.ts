import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

export interface SetRetentionRequest {
  companyId: number;
  /** Days raw values are kept; null keeps them forever. */
  rawDays: number | null;
}

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
