import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartConfig, ChartListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { chartsKeys } from './keys';

/** A page of an item's chart list (the domain's query). */
export type ChartListParams = ChartListQuery;

/** `GET /chart/getCharts?itemId&pageNum&pageSize&keyword` → `{ list, total }` */
export function fetchCharts(query: ChartListQuery, signal?: AbortSignal): Promise<Page<ChartConfig>> {
  return api.get<Page<ChartConfig>>('/chart/getCharts', { ...query, keyword: query.keyword || undefined }, { signal });
}

export function useChartsQuery(params: ChartListParams) {
  return useQuery({
    queryKey: chartsKeys.list(params),
    queryFn: ({ signal }) => fetchCharts(params, signal),
    placeholderData: keepPreviousData,
    enabled: params.itemId > 0,
  });
}
