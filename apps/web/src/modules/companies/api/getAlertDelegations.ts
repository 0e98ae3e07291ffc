import { useQuery } from '@tanstack/react-query';
import type { AlertDelegationItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

/** `GET /company/getAlertDelegations`: who receives the company's alarms on whose behalf. */
export function fetchAlertDelegations(signal?: AbortSignal): Promise<AlertDelegationItem[]> {
  return api.get<AlertDelegationItem[]>('/company/getAlertDelegations', undefined, { signal });
}

export function useAlertDelegationsQuery() {
  return useQuery({ queryKey: companiesKeys.delegations(), queryFn: ({ signal }) => fetchAlertDelegations(signal) });
}
