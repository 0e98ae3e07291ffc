import type { z } from 'zod';
import type { addAlertDelegatorRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { companiesKeys } from './keys';

/** `POST /company/addAlertDelegator {delegatorId, delegateId}` */
export function addAlertDelegator(request: z.input<typeof addAlertDelegatorRequest>): Promise<IdResponse> {
  return api.post<IdResponse>('/company/addAlertDelegator', request);
}

export function useAddAlertDelegatorMutation() {
  return useInvalidatingMutation(addAlertDelegator, companiesKeys.delegations());
}
