import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordValues } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addRecord {itemId, values, parentRecordId?}` → the new record's id. */
export function addRecord(request: { itemId: number; values: RecordValues; parentRecordId?: number | null }): Promise<{ id: number }> {
  return api.post<{ id: number }>('/dataItem/addRecord', request);
}

export function useAddRecordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRecord,
    onSuccess: (_result, request) => queryClient.invalidateQueries({ queryKey: dataItemsKeys.records(request.itemId) }),
  });
}
