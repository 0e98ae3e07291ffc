import { Select } from 'antd';
import type { PagedListState } from '@/shared/hooks/usePagedList';

interface StateFilterProps<S extends string> {
  /** Every state, in the order offered. */
  states: readonly S[];
  value: S | undefined;
  /** The state's name in the user's language. */
  label: (state: S) => string;
  /** The filter's own name (placeholder and accessible label), e.g. t('fields.state'). */
  placeholder: string;
  onChange: (value: S | undefined) => void;
  /** The list it filters: back to its first page on a change. */
  paged: Pick<PagedListState, 'setPageNum'>;
}

/** A list's state filter (ListCard's toolbar): one state or all, a change shows page 1. */
export function StateFilter<S extends string>({ states, value, label, placeholder, onChange, paged }: StateFilterProps<S>) {
  return (
    <Select
      allowClear
      aria-label={placeholder}
      placeholder={placeholder}
      style={{ width: 140 }}
      value={value}
      onChange={(next?: S) => {
        onChange(next);
        paged.setPageNum(1);
      }}
      options={states.map((state) => ({ value: state, label: label(state) }))}
    />
  );
}
