import type { z } from 'zod';
import type { Id, idRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { companiesKeys } from './keys';

/** `POST /company/deleteCompany {id}` (platform administrator; never the platform company). */
export function deleteCompany(request: z.input<typeof idRequest>): Promise<null> {
  return api.post<null>('/company/deleteCompany', request);
}

export function useDeleteCompanyMutation() {
  return useInvalidatingMutation((id: Id) => deleteCompany({ id }), companiesKeys.all, 'settled');
}
