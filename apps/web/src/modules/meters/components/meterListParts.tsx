import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/shared/components/list/FilterSelect';
import { stateTagColumn } from '@/shared/components/list/listColumns';
import type { PagedListState } from '@/shared/hooks/usePagedList';

/** A meter's node type: 101 a meter of its own reading, 100 one summed from others. */
export type MeterType = 100 | 101;

/** The type filter of the two meter lists (the company's and the platform's). */
export function MeterTypeFilter({ paged, label }: { paged: Pick<PagedListState<{ nodeType?: MeterType }>, 'filters' | 'filter'>; label: string }) {
  const { t } = useTranslation('meters');
  return (
    <FilterSelect<MeterType>
      label={label}
      placeholder={t('system.allTypes')}
      width={150}
      value={paged.filters.nodeType}
      onChange={(nodeType) => paged.filter({ nodeType })}
      options={[
        { value: 101, label: t('types.101') },
        { value: 100, label: t('types.100') },
      ]}
    />
  );
}

/** The type column of both meter lists: a tag in the type's colour. */
export function meterTypeColumn<T extends { nodeType: number }>(title: string, label: (type: number) => string, width: number) {
  return stateTagColumn<T, number>(title, 'nodeType' as Extract<keyof T, string>, { label, color: (type) => (type === 100 ? 'purple' : 'blue') }, { width });
}
