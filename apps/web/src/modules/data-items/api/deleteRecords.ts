import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteRecordsRequest, DeleteRecordsResult } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteRecords {itemId, ids}` (at most 500; master records take their child records along). */
export function deleteRecords(request: DeleteRecordsRequest): Promise<DeleteRecordsResult> {
  return api.post<DeleteRecordsResult>('/dataItem/deleteRecords', request);
}

export function useDeleteRecordsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecords,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }),
  });
}
