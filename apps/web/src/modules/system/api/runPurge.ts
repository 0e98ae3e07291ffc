import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

export interface PurgeResult {
  /** False when another instance was already running the purge job. */
  ran: boolean;
  companies: number;
  rows: number;
}

/** `POST /system/runPurge`: runs the retention purge job now. */
export function runPurge(): Promise<PurgeResult> {
  return api.post<PurgeResult>('/system/runPurge', {});
}

export function useRunPurgeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runPurge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.retentions() }),
  });
}
