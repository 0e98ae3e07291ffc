import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Id, idRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

/** `POST /company/deleteAlertDelegator {id}` */
export function deleteAlertDelegator(request: z.input<typeof idRequest>): Promise<null> {
  return api.post<null>('/company/deleteAlertDelegator', request);
}

export function useDeleteAlertDelegatorMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: Id) => deleteAlertDelegator({ id }), onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKeys.delegations() }) });
}
