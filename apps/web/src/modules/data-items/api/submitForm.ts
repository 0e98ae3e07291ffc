import type { IdResponse, SubmitFormRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/submitForm {formId, values}` → the written record's id (checked as designed on the server too). */
export function submitForm(request: SubmitFormRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/submitForm', request);
}

export function useSubmitFormMutation() {
  return useInvalidatingMutation(submitForm, dataItemsKeys.all);
}
