import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateFormRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/updateForm {id, name?, design?}` */
export function updateForm(request: UpdateFormRequest): Promise<null> {
  return api.post<null>('/dataItem/updateForm', request);
}

export function useUpdateFormMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateForm, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
