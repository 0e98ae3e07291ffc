import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

/** `POST /company/addAlertDelegator {delegatorId, delegateId}` */
export function addAlertDelegator(values: { delegatorId: Id; delegateId: Id }): Promise<{ id: number }> {
  return api.post<{ id: number }>('/company/addAlertDelegator', values);
}

export function useAddAlertDelegatorMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAlertDelegator, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.delegations() }) });
}
