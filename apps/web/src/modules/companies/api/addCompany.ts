import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { CompanyValues } from './updateCompany';
import { companiesKeys } from './keys';

/** `POST /company/addCompany {displayName, timeZone}` (platform administrator) → the new id. */
export function addCompany(values: CompanyValues): Promise<{ id: number }> {
  return api.post<{ id: number }>('/company/addCompany', values);
}

export function useAddCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }) });
}
