import type { PagedListState } from '@/shared/hooks/usePagedList';
import { FilterSelect } from './FilterSelect';

interface StateFilterProps<S extends string> {
  /** Every state, in the order offered. */
  states: readonly S[];
  /** The state's name in the user's language. */
  label: (state: S) => string;
  /** The filter's own name (placeholder and accessible label), e.g. t('fields.state'). */
  placeholder: string;
  /** The list it filters: its `state` filter; a change shows page 1. */
  paged: Pick<PagedListState<{ state?: S }>, 'filters' | 'filter'>;
}

/** A list's state filter (ListCard's toolbar): one state or all, a change shows page 1. */
export function StateFilter<S extends string>({ states, label, placeholder, paged }: StateFilterProps<S>) {
  return (
    <FilterSelect<S>
      placeholder={placeholder}
      width={140}
      value={paged.filters.state}
      onChange={(state) => paged.filter({ state })}
      options={states.map((state) => ({ value: state, label: label(state) }))}
    />
  );
}
