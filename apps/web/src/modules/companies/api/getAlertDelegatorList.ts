import { useQuery } from '@tanstack/react-query';
import type { AlertDelegatorItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

/** A member who can delegate alarms or receive them. */
export type DelegationCandidate = AlertDelegatorItem;

/** `GET /company/getAlertDelegatorList`: the company's active members. */
export function fetchAlertDelegatorList(signal?: AbortSignal): Promise<DelegationCandidate[]> {
  return api.get<DelegationCandidate[]>('/company/getAlertDelegatorList', undefined, { signal });
}

export function useAlertDelegatorListQuery() {
  return useQuery({ queryKey: companiesKeys.delegators(), queryFn: ({ signal }) => fetchAlertDelegatorList(signal) });
}
