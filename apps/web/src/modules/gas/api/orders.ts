import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryKeys } from '@/modules/inventory/api/keys';
import { api } from '@/shared/api/client';
import { useGasMutation } from './gasMutation';
import { gasKeys } from './keys';
import type { AddOrderRequest, AnalysisResult, BlendOrder, BlendOrderListItem, BlendOrderState, FilledMass, ListQuery, PageOf } from './types';

export interface OrderListQuery extends ListQuery {
  state?: BlendOrderState;
}

/** `GET /gas/getOrderList` (paged; keyword on number or cylinder, state). */
export function fetchOrders(query: OrderListQuery, signal?: AbortSignal): Promise<PageOf<BlendOrderListItem>> {
  return api.get<PageOf<BlendOrderListItem>>('/gas/getOrderList', { ...query }, { signal });
}

export function useOrdersQuery(query: OrderListQuery) {
  return useQuery({ queryKey: gasKeys.orders(query), queryFn: ({ signal }) => fetchOrders(query, signal), placeholderData: keepPreviousData });
}

/** `GET /gas/getOrder?id`: the order with its stored plan, weighed masses, gravimetric composition and analysis. */
export function fetchOrder(id: number, signal?: AbortSignal): Promise<BlendOrder> {
  return api.get<BlendOrder>('/gas/getOrder', { id }, { signal });
}

export function useOrderQuery(id: number) {
  return useQuery({ queryKey: gasKeys.order(id), queryFn: ({ signal }) => fetchOrder(id, signal), enabled: id > 0 });
}

/** `POST /gas/addOrder`: the plan is computed again and stored; answers the number. */
export const useAddOrderMutation = () => useGasMutation((request: AddOrderRequest) => api.post<{ id: number; number: string }>('/gas/addOrder', request));
/** `POST /gas/updateOrder {id, …}`: every field of a draft, its plan computed again. */
export const useUpdateOrderMutation = () => useGasMutation((request: AddOrderRequest & { id: number }) => api.post<unknown>('/gas/updateOrder', request));
/** `POST /gas/deleteOrder {id}` (draft only). */
export const useDeleteOrderMutation = () => useGasMutation((id: number) => api.post<unknown>('/gas/deleteOrder', { id }));
/** `POST /gas/cancelOrder {id}`. */
export const useCancelOrderMutation = () => useGasMutation((id: number) => api.post<unknown>('/gas/cancelOrder', { id }));
/** `POST /gas/recordFill`: draft → filled, the gravimetric composition from the weighed masses; linked cylinders move in inventory. */
export const useRecordFillMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { id: number; masses: FilledMass[]; fillTemperatureC?: number }) => api.post<unknown>('/gas/recordFill', request),
    // The fill may move cylinders in inventory (stock, ledger).
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: gasKeys.all }), queryClient.invalidateQueries({ queryKey: inventoryKeys.all })]),
  });
};
/** `POST /gas/recordAnalysis`: filled → analysed. */
export const useRecordAnalysisMutation = () =>
  useGasMutation((request: { id: number; method: string; results: AnalysisResult[] }) => api.post<unknown>('/gas/recordAnalysis', request));
