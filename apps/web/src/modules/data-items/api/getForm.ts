import { useQuery } from '@tanstack/react-query';
import type { DataField, DataItemKindCode, FormItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

export type FormWithItem = FormItem & { itemName: string; itemKind: DataItemKindCode; fields: DataField[] };

/** `GET /dataItem/getForm?id=`: a form with its item's fields (form page). */
export function fetchForm(id: number, signal?: AbortSignal): Promise<FormWithItem> {
  return api.get<FormWithItem>('/dataItem/getForm', { id }, { signal });
}

export function useFormQuery(id: number) {
  return useQuery({ queryKey: dataItemsKeys.form(id), queryFn: ({ signal }) => fetchForm(id, signal), enabled: Number.isSafeInteger(id) && id > 0 });
}
