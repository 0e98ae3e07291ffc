import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartConfig, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { chartsKeys } from './keys';

export interface ChartListParams {
  itemId: number;
  pageNum: number;
  pageSize: number;
  keyword?: string;
}

/** `GET /chart/getCharts?itemId&pageNum&pageSize&keyword` → `{ list, total }` */
export function fetchCharts(params: ChartListParams, signal?: AbortSignal): Promise<Page<ChartConfig>> {
  return api.get<Page<ChartConfig>>('/chart/getCharts', { ...params, keyword: params.keyword || undefined }, { signal });
}

export function useChartsQuery(params: ChartListParams) {
  return useQuery({
    queryKey: chartsKeys.list(params),
    queryFn: ({ signal }) => fetchCharts(params, signal),
    placeholderData: keepPreviousData,
    enabled: params.itemId > 0,
  });
}
