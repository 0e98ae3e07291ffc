import type { z } from 'zod';
import type { Id, idRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { companiesKeys } from './keys';

/** `POST /company/deleteAlertDelegator {id}` */
export function deleteAlertDelegator(request: z.input<typeof idRequest>): Promise<null> {
  return api.post<null>('/company/deleteAlertDelegator', request);
}

export function useDeleteAlertDelegatorMutation() {
  return useInvalidatingMutation((id: Id) => deleteAlertDelegator({ id }), companiesKeys.delegations(), 'settled');
}
