import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AddCompanyRequest, updateCompanyRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { isSessionCompany, refreshSessionCompany } from './getCompany';
import { companiesKeys } from './keys';

/** The company form's values (name and time zone). */
export type CompanyValues = Required<AddCompanyRequest>;

/**
 * `POST /company/updateCompany {id?, displayName, timeZone}`: without `id` the current company
 * (company administrator), with it any company (platform administrator).
 */
export function updateCompany(request: z.input<typeof updateCompanyRequest>): Promise<null> {
  return api.post<null>('/company/updateCompany', request);
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
