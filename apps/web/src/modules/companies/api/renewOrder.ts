import type { z } from 'zod';
import type { renewOrderRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { companiesKeys } from './keys';

/** `POST /order/renewOrder {id, expireAt}` (platform): a later expiry, never an earlier one. */
export function renewOrder(request: z.input<typeof renewOrderRequest>): Promise<null> {
  return api.post<null>('/order/renewOrder', request);
}

export function useRenewOrderMutation() {
  return useInvalidatingMutation(renewOrder, companiesKeys.all);
}
