import type { FormQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteForm {id}` */
export function deleteForm(request: FormQuery): Promise<null> {
  return api.post<null>('/dataItem/deleteForm', request);
}

export function useDeleteFormMutation() {
  return useInvalidatingMutation((id: number) => deleteForm({ id }), dataItemsKeys.all);
}
