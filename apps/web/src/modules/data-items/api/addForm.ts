import type { AddFormRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addForm {itemId, name, design}` → `{id}` (the design is checked against the item's fields). */
export function addForm(request: AddFormRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/addForm', request);
}

export function useAddFormMutation() {
  return useInvalidatingMutation(addForm, dataItemsKeys.all);
}
