import type { UpdateFormRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/updateForm {id, name?, design?}` */
export function updateForm(request: UpdateFormRequest): Promise<null> {
  return api.post<null>('/dataItem/updateForm', request);
}

export function useUpdateFormMutation() {
  return useInvalidatingMutation(updateForm, dataItemsKeys.all);
}
