import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { isSessionCompany, refreshSessionCompany } from './getCompany';
import { companiesKeys } from './keys';

/** `POST /cos/removeSysCompanyLogo {companyId}` (platform administrator): any company's logo. */
export function removeSysCompanyLogo(companyId: Id): Promise<null> {
  return api.post<null>('/cos/removeSysCompanyLogo', { companyId });
}

export function useRemoveSysCompanyLogoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSysCompanyLogo,
    onSuccess: async (_data, companyId) => {
      if (isSessionCompany(companyId)) {
        await refreshSessionCompany();
      }
      await queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    },
  });
}
