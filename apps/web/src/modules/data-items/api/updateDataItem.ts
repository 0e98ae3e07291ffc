import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldInput } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

export interface DataItemChanges {
  id: number;
  name?: string;
  fields?: FieldInput[];
  expiryDays?: number | null;
  parentItemId?: number | null;
}

/** `POST /dataItem/updateDataItem`: fields are matched by fieldName; a missing one is removed. */
export function updateDataItem(changes: DataItemChanges): Promise<null> {
  return api.post<null>('/dataItem/updateDataItem', changes);
}

export function useUpdateDataItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }),
  });
}
