import type { FieldInput, UpdateDataItemRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** The request as the settings tabs send it: fields may leave out what the server defaults. */
export type DataItemChanges = Omit<UpdateDataItemRequest, 'fields'> & { fields?: FieldInput[] };

/** `POST /dataItem/updateDataItem`: fields are matched by fieldName; a missing one is removed. */
export function updateDataItem(changes: DataItemChanges): Promise<null> {
  return api.post<null>('/dataItem/updateDataItem', changes);
}

export function useUpdateDataItemMutation() {
  return useInvalidatingMutation(updateDataItem, dataItemsKeys.all);
}
