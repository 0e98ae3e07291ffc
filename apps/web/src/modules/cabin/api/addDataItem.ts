import type { AddDataItemRequest, FieldInput, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** The request as the form sends it: fields may leave out what the server defaults (unit, required, indexed). */
export type DataItemValues = Omit<AddDataItemRequest, 'fields'> & { fields: FieldInput[] };

/** `POST /dataItem/addDataItem {directoryId, name, kind, fields}` → the data item's id. */
export function addDataItem(values: DataItemValues): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/addDataItem', values);
}

export function useAddDataItemMutation() {
  return useInvalidatingMutation(addDataItem, cabinKeys.all);
}
