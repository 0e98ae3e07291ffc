import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddFormRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addForm {itemId, name, design}` → `{id}` (the design is checked against the item's fields). */
export function addForm(request: AddFormRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/addForm', request);
}

export function useAddFormMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addForm, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
