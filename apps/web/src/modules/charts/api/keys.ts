import type { ChartListQuery, ChartQueryRequest } from '@smartdata/domain';

/** Query keys of the charts module. */
export const chartsKeys = {
  all: ['charts'] as const,
  queries: (itemId: number) => [...chartsKeys.all, 'query', itemId] as const,
  query: (request: ChartQueryRequest) => [...chartsKeys.queries(request.itemId), request] as const,
  lists: (itemId: number) => [...chartsKeys.all, 'list', itemId] as const,
  list: (params: ChartListQuery) => [...chartsKeys.lists(params.itemId), params] as const,
  chart: (id: number) => [...chartsKeys.all, 'chart', id] as const,
};
