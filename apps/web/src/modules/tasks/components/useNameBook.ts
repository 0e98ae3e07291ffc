import { useMemo } from 'react';
import type { TaskAction } from '@smartdata/domain';
import { useCommandDevicesQuery } from '../api/devices';
import { useItemNamesQuery } from '../api/itemNames';
import { useItemFields } from '@/modules/data-items/api/itemFields';
import type { NameBook } from '../lib/ruleText';

/** The names a list of rules or executable tasks shows for the ids in their actions (items, fields, devices). */
export function useNameBook(watchedItemIds: readonly number[], actions: readonly TaskAction[]): NameBook {
  const items = useItemNamesQuery();
  const needsDevices = actions.some((a) => a.kind === 'deviceCommand');
  const devices = useCommandDevicesQuery(needsDevices);
  const itemIds = useMemo(() => [...watchedItemIds, ...actions.flatMap((a) => (a.kind === 'writeRecord' || a.kind === 'raiseAlarm' ? [a.itemId] : []))], [watchedItemIds, actions]);
  const { fieldNames } = useItemFields(itemIds);
  return useMemo(
    () => ({
      items: new Map((items.data?.list ?? []).map((i) => [i.id, i.name])),
      fields: fieldNames,
      devices: new Map(needsDevices ? (devices.data?.list ?? []).map((d) => [d.id, d.name]) : []),
    }),
    [items.data, fieldNames, devices.data, needsDevices],
  );
}
