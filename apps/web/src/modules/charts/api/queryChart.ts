import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartQueryRequest, ChartQueryResult } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { ApiError } from '@/shared/api/ApiError';
import { chartsKeys } from './keys';

/** `POST /chart/query`: values of numeric fields, bucketed and aggregated, at most 2 000 points a series. */
export function queryChart(request: ChartQueryRequest, signal?: AbortSignal): Promise<ChartQueryResult> {
  // Silent: the chart shows its own no-permission and error states (a dashboard must not toast per widget).
  return api.post<ChartQueryResult>('/chart/query', request, { signal, silent: true });
}

export function useChartQuery(request: ChartQueryRequest, enabled = true) {
  return useQuery({
    queryKey: chartsKeys.query(request),
    queryFn: ({ signal }) => queryChart(request, signal),
    placeholderData: keepPreviousData,
    enabled,
    // No permission or no such item does not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && [40300, 40400, 50001].includes(error.code)) && count < 2,
  });
}
