import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { refreshSessionCompany } from './getCompany';
import { companiesKeys } from './keys';

/** `POST /cos/removeCompanyLogo`: the current company goes back to its initial as logo. */
export function removeCompanyLogo(): Promise<null> {
  return api.post<null>('/cos/removeCompanyLogo');
}

export function useRemoveCompanyLogoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCompanyLogo,
    onSuccess: async () => {
      await refreshSessionCompany();
      await queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    },
  });
}
