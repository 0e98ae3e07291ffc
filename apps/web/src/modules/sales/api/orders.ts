import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AddSalesOrderRequest,
  AddSalesOutboundRequest,
  IdResponse,
  Page,
  RenewSalesOrderRequest,
  RenewalsAnswer,
  SalesOrder,
  SalesOrderListQuery,
  StockAvailabilityRow,
} from '@smartdata/domain';
import { inventoryKeys } from '@/modules/inventory/api/keys';
import { api } from '@/shared/api/client';
import { useSalesMutation } from './contracts';
import { salesKeys, withoutEmpty } from './keys';

/** `GET /sales/getOrderList` (keyword: number, remarks, customer; state; customer; contract). */
export function useOrderListQuery(query: Partial<SalesOrderListQuery>, enabled = true) {
  return useQuery({
    queryKey: salesKeys.orders(query),
    queryFn: ({ signal }) => api.get<Page<SalesOrder>>('/sales/getOrderList', withoutEmpty(query), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /sales/getOrder?id=` with its lines and outbound orders. */
export function useOrderQuery(id: number) {
  return useQuery({ queryKey: salesKeys.order(id), queryFn: ({ signal }) => api.get<SalesOrder>('/sales/getOrder', { id }, { signal }), enabled: id > 0 });
}

/** `GET /sales/getRenewals?days=`: orders and contracts whose service ends soon or ended. */
export function useRenewalsQuery(days: number, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: salesKeys.renewals(days),
    queryFn: ({ signal }) => api.get<RenewalsAnswer>('/sales/getRenewals', { days }, { signal }),
    placeholderData: keepPreviousData,
    ...options,
  });
}

export const useAddOrderMutation = () => useSalesMutation((request: AddSalesOrderRequest) => api.post<IdResponse>('/sales/addOrder', request));
export const useUpdateOrderMutation = () => useSalesMutation((request: AddSalesOrderRequest & { id: number }) => api.post<null>('/sales/updateOrder', request));
export const useConfirmOrderMutation = () => useSalesMutation((id: number) => api.post<null>('/sales/confirmOrder', { id }));
export const useCancelOrderMutation = () => useSalesMutation((id: number) => api.post<null>('/sales/cancelOrder', { id }));
export const useCloseOrderMutation = () => useSalesMutation((id: number) => api.post<null>('/sales/closeOrder', { id }));
export const useRenewOrderMutation = () => useSalesMutation((request: RenewSalesOrderRequest) => api.post<null>('/sales/renewOrder', request));
/** `POST /sales/addOutbound`: an inventory outbound order for the order (ship it on its outbound page). */
export const useAddSalesOutboundMutation = () => useSalesMutation((request: AddSalesOutboundRequest) => api.post<IdResponse>('/sales/addOutbound', request));

/** `GET /inventory/getStock` with reserved and available (the order form's lines show available). */
export function useStockAvailabilityQuery(enabled = true) {
  return useQuery({
    queryKey: inventoryKeys.stock({}),
    queryFn: ({ signal }) => api.get<{ list: StockAvailabilityRow[] }>('/inventory/getStock', {}, { signal }),
    enabled,
  });
}
