import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCompanyRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

/** `POST /company/addCompany {displayName, timeZone}` (platform administrator) → the new id. */
export function addCompany(request: AddCompanyRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/company/addCompany', request);
}

export function useAddCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }) });
}
