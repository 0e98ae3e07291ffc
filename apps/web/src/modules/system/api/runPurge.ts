import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurgeResult } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** Re-exported for the page that imports it from here. */
export type { PurgeResult } from '@smartdata/domain';

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
