import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteRecords {itemId, ids}` (at most 500; master records take their child records along). */
export function deleteRecords(request: { itemId: number; ids: number[] }): Promise<{ deleted: number }> {
  return api.post<{ deleted: number }>('/dataItem/deleteRecords', request);
}

export function useDeleteRecordsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecords,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }),
  });
}
