import type { z } from 'zod';
import type { addOrderRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { companiesKeys } from './keys';

export type OrderValues = z.input<typeof addOrderRequest>;

/** `POST /order/addOrder {companyId, swProductId, subTypeId, startAt, expireAt}` (platform). */
export function addOrder(values: OrderValues): Promise<IdResponse> {
  return api.post<IdResponse>('/order/addOrder', values);
}

export function useAddOrderMutation() {
  // The company list shows each company's current order, so the whole module is refreshed.
  return useInvalidatingMutation(addOrder, companiesKeys.all);
}
