import { useQuery } from '@tanstack/react-query';
import type { FormDetail, FormQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `GET /dataItem/getForm?id=`: a form with its item's fields (form page). */
export function fetchForm(query: FormQuery, signal?: AbortSignal): Promise<FormDetail> {
  return api.get<FormDetail>('/dataItem/getForm', query, { signal });
}

export function useFormQuery(id: number) {
  return useQuery({ queryKey: dataItemsKeys.form(id), queryFn: ({ signal }) => fetchForm({ id }, signal), enabled: Number.isSafeInteger(id) && id > 0 });
}
