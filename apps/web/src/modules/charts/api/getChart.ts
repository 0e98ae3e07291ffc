import { useQuery } from '@tanstack/react-query';
import type { ChartConfig } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { chartsKeys } from './keys';

/** `GET /chart/getChart?id` */
export function fetchChart(id: number, signal?: AbortSignal): Promise<ChartConfig> {
  return api.get<ChartConfig>('/chart/getChart', { id }, { signal });
}

export function useChartConfigQuery(id: number) {
  return useQuery({ queryKey: chartsKeys.chart(id), queryFn: ({ signal }) => fetchChart(id, signal), enabled: id > 0 });
}
