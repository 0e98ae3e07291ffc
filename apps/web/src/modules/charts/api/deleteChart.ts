import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chartsKeys } from './keys';

/** `POST /chart/deleteChart {id}` */
export function deleteChart(id: number): Promise<null> {
  return api.post<null>('/chart/deleteChart', { id });
}

export function useDeleteChartMutation(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChart,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: chartsKeys.chart(id) });
      return queryClient.invalidateQueries({ queryKey: chartsKeys.lists(itemId) });
    },
  });
}
