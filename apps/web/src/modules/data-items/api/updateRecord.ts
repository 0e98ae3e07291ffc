import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateRecordRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/updateRecord {id, itemId, values}`: the given fields change, the others stay (inline edit). */
/** The web always names the item, so the item's record list can be refreshed. */
export function updateRecord(request: UpdateRecordRequest & Required<Pick<UpdateRecordRequest, 'itemId'>>): Promise<null> {
  return api.post<null>('/dataItem/updateRecord', request);
}

export function useUpdateRecordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecord,
    onSuccess: (_result, request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dataItemsKeys.records(request.itemId) }),
        queryClient.invalidateQueries({ queryKey: dataItemsKeys.record(request.id) }),
      ]),
  });
}
