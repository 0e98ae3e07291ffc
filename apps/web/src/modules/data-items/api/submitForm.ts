import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordValues } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/submitForm {formId, values}` → the written record's id (checked as designed on the server too). */
export function submitForm(request: { formId: number; values: RecordValues; parentRecordId?: number | null }): Promise<{ id: number }> {
  return api.post<{ id: number }>('/dataItem/submitForm', request);
}

export function useSubmitFormMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitForm, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
