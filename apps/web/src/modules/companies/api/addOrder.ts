import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addOrderRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

export type OrderValues = z.input<typeof addOrderRequest>;

/** `POST /order/addOrder {companyId, swProductId, subTypeId, startAt, expireAt}` (platform). */
export function addOrder(values: OrderValues): Promise<IdResponse> {
  return api.post<IdResponse>('/order/addOrder', values);
}

export function useAddOrderMutation() {
  const queryClient = useQueryClient();
  // The company list shows each company's current order, so the whole module is refreshed.
  return useMutation({ mutationFn: addOrder, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }) });
}
