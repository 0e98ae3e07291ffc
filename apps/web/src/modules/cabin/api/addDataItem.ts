import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldInput } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

export interface DataItemValues {
  directoryId: number;
  name: string;
  kind: number;
  fields: FieldInput[];
}

/** `POST /dataItem/addDataItem {directoryId, name, kind, fields}` → the data item's id. */
export function addDataItem(values: DataItemValues): Promise<{ id: number }> {
  return api.post<{ id: number }>('/dataItem/addDataItem', values);
}

export function useAddDataItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDataItem, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.all }) });
}
