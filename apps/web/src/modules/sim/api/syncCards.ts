import type { SyncResult } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { simKeys } from './keys';

/** `POST /sim/sync {ids?}`: hands pending operations over, reads status and traffic (every card without ids). */
export function syncCards(ids?: number[]): Promise<SyncResult> {
  // Thousands of cards take a while with a real carrier.
  return api.post<SyncResult>('/sim/sync', ids ? { ids } : {}, { timeoutMs: 120_000 });
}

export function useSyncCardsMutation() {
  return useInvalidatingMutation(syncCards, simKeys.all);
}
