import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Id, OrderItem, orderListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { companiesKeys, type PageParams } from './keys';

/** `GET /order/getOrderList?companyId=&pageNum=&pageSize=` (platform administrator). */
export function fetchOrderList(query: z.input<typeof orderListQuery>, signal?: AbortSignal): Promise<Page<OrderItem>> {
  return api.get<Page<OrderItem>>('/order/getOrderList', query, { signal });
}

export function useOrderListQuery(companyId: Id | null, params: PageParams) {
  return useQuery({
    queryKey: companiesKeys.orders(companyId ?? '', params),
    queryFn: ({ signal }) => fetchOrderList({ companyId: companyId as Id, pageNum: params.pageNum, pageSize: params.pageSize }, signal),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });
}
