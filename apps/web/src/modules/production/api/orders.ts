import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddProductionOrderRequest, CompleteProductionRequest, IdResponse, Page, ProductionListQuery, ProductionOrderItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { productionKeys } from './keys';

/** `GET /production/getOrderList` (search by item name, state). */
export function fetchProductionOrders(query: Partial<ProductionListQuery>, signal?: AbortSignal): Promise<Page<ProductionOrderItem>> {
  return api.get<Page<ProductionOrderItem>>('/production/getOrderList', { ...query, keyword: query.keyword || undefined }, { signal });
}
export function useProductionOrdersQuery(query: Partial<ProductionListQuery>) {
  return useQuery({ queryKey: productionKeys.orders(query), queryFn: ({ signal }) => fetchProductionOrders(query, signal), placeholderData: keepPreviousData });
}

/** A completion registers devices and moves stock: production, inventory and devices are read again. */
function useProductionMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productionKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['inventory'] }),
        queryClient.invalidateQueries({ queryKey: ['devices'] }),
      ]),
  });
}

/** `POST /production/addOrder {itemId, quantity, warehouseId}` → `{id}` (planned). */
export const useAddProductionOrderMutation = () => useProductionMutation((request: AddProductionOrderRequest) => api.post<IdResponse>('/production/addOrder', request));
/** `POST /production/complete {id, serials | quantity}` → the order. */
export const useCompleteProductionMutation = () => useProductionMutation((request: CompleteProductionRequest) => api.post<ProductionOrderItem>('/production/complete', request));
/** `POST /production/cancelOrder {id}` (planned, nothing produced). */
export const useCancelProductionOrderMutation = () => useProductionMutation((id: number) => api.post<null>('/production/cancelOrder', { id }));
