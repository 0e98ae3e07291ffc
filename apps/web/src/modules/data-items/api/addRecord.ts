import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddRecordRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addRecord {itemId, values, parentRecordId?}` → the new record's id. */
export function addRecord(request: AddRecordRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/addRecord', request);
}

export function useAddRecordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRecord,
    onSuccess: (_result, request) => queryClient.invalidateQueries({ queryKey: dataItemsKeys.records(request.itemId) }),
  });
}
