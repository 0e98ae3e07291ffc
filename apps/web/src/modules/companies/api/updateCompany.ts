import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { isSessionCompany, refreshSessionCompany } from './getCompany';
import { companiesKeys } from './keys';

export interface CompanyValues {
  displayName: string;
  timeZone: string;
}

/**
 * `POST /company/updateCompany {id?, displayName, timeZone}`: without `id` the current company
 * (company administrator), with it any company (platform administrator).
 */
export function updateCompany(values: Partial<CompanyValues> & { id?: Id }): Promise<null> {
  return api.post<null>('/company/updateCompany', values);
}

export function useUpdateCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: async (_data, values) => {
      if (isSessionCompany(values.id)) {
        await refreshSessionCompany();
      }
      await queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    },
  });
}
