import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddChartRequest, IdResponse, UpdateChartRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { chartsKeys } from './keys';

/** `POST /chart/addChart` → `{ id }` */
export function addChart(request: AddChartRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/chart/addChart', request);
}

/** `POST /chart/updateChart` */
export function updateChart(request: UpdateChartRequest): Promise<null> {
  return api.post<null>('/chart/updateChart', request);
}

/** Adds (no id) or updates a chart config, then refreshes the item's chart list and the chart. */
export function useSaveChartMutation(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddChartRequest | UpdateChartRequest) => ('id' in request ? updateChart(request).then(() => ({ id: request.id })) : addChart(request)),
    onSuccess: (result) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: chartsKeys.lists(itemId) }), queryClient.invalidateQueries({ queryKey: chartsKeys.chart(result.id) })]),
  });
}
