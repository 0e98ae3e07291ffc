import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

/** `POST /company/deleteCompany {id}` (platform administrator; never the platform company). */
export function deleteCompany(id: Id): Promise<null> {
  return api.post<null>('/company/deleteCompany', { id });
}

export function useDeleteCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCompany, onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }) });
}
