import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Id, OrderItem, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys, type PageParams } from './keys';

/** `GET /order/getOrderList?companyId=&pageNum=&pageSize=` (platform administrator). */
export function fetchOrderList(companyId: Id, params: PageParams, signal?: AbortSignal): Promise<Page<OrderItem>> {
  return api.get<Page<OrderItem>>('/order/getOrderList', { companyId, pageNum: params.pageNum, pageSize: params.pageSize }, { signal });
}

export function useOrderListQuery(companyId: Id | null, params: PageParams) {
  return useQuery({
    queryKey: companiesKeys.orders(companyId ?? '', params),
    queryFn: ({ signal }) => fetchOrderList(companyId as Id, params, signal),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });
}
