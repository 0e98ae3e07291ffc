import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { gasKeys } from './keys';
import type { GasInfo, Plan, PlanRequest } from './types';

/** `GET /gas/getGases`: the gases offered (names, molar mass, GERG-2008 coverage, safety data). */
export function fetchGases(signal?: AbortSignal): Promise<GasInfo[]> {
  return api.get<GasInfo[]>('/gas/getGases', undefined, { signal });
}

export function useGasesQuery() {
  return useQuery({ queryKey: gasKeys.gases(), queryFn: ({ signal }) => fetchGases(signal), staleTime: Infinity });
}

/** `POST /gas/plan`: the calculation the blending screen shows (steps, premix proposal, safety warnings). */
export function fetchPlan(request: PlanRequest): Promise<Plan> {
  return api.post<Plan>('/gas/plan', request);
}

export function usePlanMutation() {
  return useMutation({ mutationFn: fetchPlan });
}
