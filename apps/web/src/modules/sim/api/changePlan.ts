import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePlanRequest, SimOperation } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { simKeys } from './keys';

/** `POST /sim/changePlan {ids, planMb, planName?}`: one pending operation per card (cards of one carrier). */
export function changePlan(request: ChangePlanRequest): Promise<SimOperation[]> {
  return api.post<SimOperation[]>('/sim/changePlan', request);
}

export function useChangePlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: simKeys.all }) });
}
