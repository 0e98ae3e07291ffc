import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { DataField, DataItemDetail } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/**
 * The fields of several data items at once (the same cache as useDataItemQuery): a rule's watched
 * item and the items its actions name, the items of analyses and report cells. Answers a lookup by
 * item id and the field display names. Silent: an item the caller cannot read shows its field keys
 * instead of an error notice.
 */
export function useItemFields(itemIds: readonly number[]) {
  const ids = useMemo(() => [...new Set(itemIds.filter((id) => Number.isSafeInteger(id) && id > 0))].sort((a, b) => a - b), [itemIds]);
  const results = useQueries({ queries: ids.map((id) => ({ queryKey: dataItemsKeys.item(id), queryFn: ({ signal }: { signal: AbortSignal }) => api.get<DataItemDetail>('/dataItem/getDataItem', { id }, { signal, silent: true }), staleTime: 30_000 })) });
  const byItem = new Map<number, DataField[]>();
  ids.forEach((id, index) => {
    const fields = results[index]?.data?.fields;
    if (fields) {
      byItem.set(id, fields);
    }
  });
  const key = ids.map((id) => `${id}:${byItem.get(id)?.length ?? '-'}`).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the loaded fields
  return useMemo(() => lookups(byItem), [key]);
}

function lookups(byItem: ReadonlyMap<number, DataField[]>) {
  const fieldsOf = (itemId: number): readonly DataField[] | undefined => byItem.get(itemId);
  const fieldNames = (itemId: number): ReadonlyMap<string, string> | undefined => {
    const fields = byItem.get(itemId);
    return fields ? new Map(fields.map((f) => [f.fieldName, f.name])) : undefined;
  };
  return { fieldsOf, fieldNames };
}
