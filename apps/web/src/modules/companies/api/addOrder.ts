import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys } from './keys';

export interface OrderValues {
  companyId: Id;
  swProductId: string;
  subTypeId: string;
  startAt: number;
  expireAt: number;
}

/** `POST /order/addOrder {companyId, swProductId, subTypeId, startAt, expireAt}` (platform). */
export function addOrder(values: OrderValues): Promise<{ id: number }> {
  return api.post<{ id: number }>('/order/addOrder', values);
}

export function useAddOrderMutation() {
  const queryClient = useQueryClient();
  // The company list shows each company's current order, so the whole module is refreshed.
  return useMutation({ mutationFn: addOrder, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }) });
}
