import { useQuery } from '@tanstack/react-query';
import type { ChartConfig, ChartQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { chartsKeys } from './keys';

/** `GET /chart/getChart?id` */
export function fetchChart(query: ChartQuery, signal?: AbortSignal): Promise<ChartConfig> {
  return api.get<ChartConfig>('/chart/getChart', query, { signal });
}

export function useChartConfigQuery(id: number) {
  return useQuery({ queryKey: chartsKeys.chart(id), queryFn: ({ signal }) => fetchChart({ id }, signal), enabled: id > 0 });
}
