import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteChartRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { chartsKeys } from './keys';

/** `POST /chart/deleteChart {id}` */
export function deleteChart(request: DeleteChartRequest): Promise<null> {
  return api.post<null>('/chart/deleteChart', request);
}

export function useDeleteChartMutation(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteChart({ id }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: chartsKeys.chart(id) });
      return queryClient.invalidateQueries({ queryKey: chartsKeys.lists(itemId) });
    },
  });
}
