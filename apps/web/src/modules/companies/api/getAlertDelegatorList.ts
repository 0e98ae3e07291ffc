import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

/** A member who can delegate alarms or receive them. */
export interface DelegationCandidate {
  userId: number;
  name: string;
  userName: string;
}

/** `GET /company/getAlertDelegatorList`: the company's active members. */
export function fetchAlertDelegatorList(signal?: AbortSignal): Promise<DelegationCandidate[]> {
  return api.get<DelegationCandidate[]>('/company/getAlertDelegatorList', undefined, { signal });
}

export function useAlertDelegatorListQuery() {
  return useQuery({ queryKey: companiesKeys.delegators(), queryFn: ({ signal }) => fetchAlertDelegatorList(signal) });
}
