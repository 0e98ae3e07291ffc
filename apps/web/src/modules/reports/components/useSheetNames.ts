import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isMeterBinding, type TemplateCell } from '@smartdata/domain';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useItemFields } from '@/modules/data-items/api/itemFields';
import { useMeterListQuery } from '@/modules/meters/api/meters';
import type { SheetNames } from '../lib/sheet';

/** The names a sheet shows for its cells' bindings: items, their fields' names (not keys, issue 31.12), meters, aggregates. */
export function useSheetNames(cells: readonly TemplateCell[]): SheetNames {
  const { t } = useTranslation('reports');
  const items = useDataItemListQuery();
  const meters = useMeterListQuery({ pageNum: 1, pageSize: 200 });
  const itemIds = useMemo(() => cells.flatMap((c) => (c.bind && !isMeterBinding(c.bind) ? [c.bind.itemId] : [])), [cells]);
  const { fieldNames } = useItemFields(itemIds);
  return useMemo(
    () => ({
      item: (itemId: number) => items.data?.list.find((i) => i.id === itemId)?.name ?? `#${itemId}`,
      field: (itemId: number, fieldName: string) => (fieldName === '' ? t('editor.fieldUnset') : (fieldNames(itemId)?.get(fieldName) ?? fieldName)),
      meter: (meterId: number) => meters.data?.list.find((m) => m.id === meterId)?.name ?? `#${meterId}`,
      aggregate: (a: string) => t(`aggregates.${a}`),
    }),
    [items.data, meters.data, fieldNames, t],
  );
}
