import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Id, removeSysCompanyLogoRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { isSessionCompany, refreshSessionCompany } from './getCompany';
import { companiesKeys } from './keys';

/** `POST /cos/removeSysCompanyLogo {companyId}` (platform administrator): any company's logo. */
export function removeSysCompanyLogo(request: z.input<typeof removeSysCompanyLogoRequest>): Promise<null> {
  return api.post<null>('/cos/removeSysCompanyLogo', request);
}

export function useRemoveSysCompanyLogoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: Id) => removeSysCompanyLogo({ companyId }),
    onSuccess: async (_data, companyId) => {
      if (isSessionCompany(companyId)) {
        await refreshSessionCompany();
      }
      await queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    },
  });
}
