import { useMemo } from 'react';
import { isMeterRef, limits, type AnalysisView } from '@smartdata/domain';
import { useItemFields } from '@/modules/data-items/api/itemFields';
import { useMeterListQuery } from '@/modules/meters/api/meters';
import { useItemNamesQuery } from '../api/itemNames';
import type { AnalysisNames } from '../lib/display';

/** The names analyses show for their ids: items and their fields (names, not keys: issue 31.12), meters when one reads a meter. */
export function useAnalysisNames(analyses: readonly AnalysisView[]): AnalysisNames {
  const items = useItemNamesQuery();
  const needsMeters = analyses.some((a) => a.type === 'meter');
  const meters = useMeterListQuery({ pageNum: 1, pageSize: limits.pageSizeMax }, needsMeters);
  const itemIds = useMemo(() => analyses.flatMap((a) => [a.source, ...a.sources, a.target].flatMap((ref) => (isMeterRef(ref) ? [] : [ref.itemId]))), [analyses]);
  const { fieldNames } = useItemFields(itemIds);
  return useMemo(
    () => ({
      items: new Map((items.data?.list ?? []).map((i) => [i.id, i.name])),
      fields: fieldNames,
      meters: new Map(needsMeters ? (meters.data?.list ?? []).map((m) => [m.id, m.name]) : []),
    }),
    [items.data, fieldNames, meters.data, needsMeters],
  );
}
