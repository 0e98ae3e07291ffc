import { useQuery } from '@tanstack/react-query';
import type { OrderItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { ordersKeys } from './keys';

/** `GET /order/getMyOrders`: the product orders of the current company, newest first. */
export function fetchMyOrders(signal?: AbortSignal): Promise<OrderItem[]> {
  return api.get<OrderItem[]>('/order/getMyOrders', undefined, { signal });
}

export function useMyOrdersQuery() {
  return useQuery({ queryKey: ordersKeys.myOrders(), queryFn: ({ signal }) => fetchMyOrders(signal) });
}
