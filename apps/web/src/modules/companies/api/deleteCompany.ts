import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Id, idRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

/** `POST /company/deleteCompany {id}` (platform administrator; never the platform company). */
export function deleteCompany(request: z.input<typeof idRequest>): Promise<null> {
  return api.post<null>('/company/deleteCompany', request);
}

export function useDeleteCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: Id) => deleteCompany({ id }), onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }) });
}
