import type { DeleteRecordsRequest, DeleteRecordsResult } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteRecords {itemId, ids}` (at most 500; master records take their child records along). */
export function deleteRecords(request: DeleteRecordsRequest): Promise<DeleteRecordsResult> {
  return api.post<DeleteRecordsResult>('/dataItem/deleteRecords', request);
}

export function useDeleteRecordsMutation() {
  return useInvalidatingMutation(deleteRecords, dataItemsKeys.all);
}
