import type { CarrierImportResult, ImportFromCarrierRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { simKeys } from './keys';

/** `POST /sim/importFromCarrier {carrier}`: every card the live carrier holds, the company's missing ones added. */
export function importFromCarrier(request: ImportFromCarrierRequest): Promise<CarrierImportResult> {
  return api.post<CarrierImportResult>('/sim/importFromCarrier', request, { timeoutMs: 300_000 });
}

export function useImportFromCarrierMutation() {
  return useInvalidatingMutation(importFromCarrier, simKeys.all);
}
