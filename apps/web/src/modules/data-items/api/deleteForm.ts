import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteForm {id}` */
export function deleteForm(request: FormQuery): Promise<null> {
  return api.post<null>('/dataItem/deleteForm', request);
}

export function useDeleteFormMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteForm({ id }), onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
