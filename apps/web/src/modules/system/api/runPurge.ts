import type { PurgeResult } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { systemKeys } from './keys';

/** Re-exported for the page that imports it from here. */
export type { PurgeResult } from '@smartdata/domain';

/** `POST /system/runPurge`: runs the retention purge job now. */
export function runPurge(): Promise<PurgeResult> {
  return api.post<PurgeResult>('/system/runPurge', {});
}

export function useRunPurgeMutation() {
  return useInvalidatingMutation(runPurge, systemKeys.retentions());
}
