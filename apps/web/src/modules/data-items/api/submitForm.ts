import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdResponse, SubmitFormRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/submitForm {formId, values}` → the written record's id (checked as designed on the server too). */
export function submitForm(request: SubmitFormRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/submitForm', request);
}

export function useSubmitFormMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitForm, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
