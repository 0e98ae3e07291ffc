import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

/** `POST /company/deleteAlertDelegator {id}` */
export function deleteAlertDelegator(id: Id): Promise<null> {
  return api.post<null>('/company/deleteAlertDelegator', { id });
}

export function useDeleteAlertDelegatorMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAlertDelegator, onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKeys.delegations() }) });
}
