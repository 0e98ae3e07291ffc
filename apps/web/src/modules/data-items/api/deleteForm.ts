import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteForm {id}` */
export function deleteForm(id: number): Promise<null> {
  return api.post<null>('/dataItem/deleteForm', { id });
}

export function useDeleteFormMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteForm, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
