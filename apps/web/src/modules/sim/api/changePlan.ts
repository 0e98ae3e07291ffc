import type { ChangePlanRequest, SimOperation } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { simKeys } from './keys';

/** `POST /sim/changePlan {ids, planMb, planName?}`: one pending operation per card (cards of one carrier). */
export function changePlan(request: ChangePlanRequest): Promise<SimOperation[]> {
  return api.post<SimOperation[]>('/sim/changePlan', request);
}

export function useChangePlanMutation() {
  return useInvalidatingMutation(changePlan, simKeys.all);
}
