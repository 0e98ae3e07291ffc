import { Select, type SelectProps } from 'antd';

interface FilterSelectProps<V extends string | number> {
  /** What is shown while no value is chosen ("All states"). */
  placeholder: string;
  /** The accessible name when the placeholder does not say what is filtered; by default the placeholder. */
  label?: string;
  value: V | undefined;
  /** The value chosen, `undefined` when cleared (all). */
  onChange: (value: V | undefined) => void;
  options: SelectProps<V>['options'];
  className?: string;
  width?: number;
  /** Typing narrows the options (long lists: rules, companies). */
  search?: boolean;
  loading?: boolean;
  disabled?: boolean;
}

/** One filter of a list's toolbar: a value or all (cleared); the page resets its paging in `onChange`. */
export function FilterSelect<V extends string | number>({ placeholder, label, value, onChange, options, className, width, search, loading, disabled }: FilterSelectProps<V>) {
  return (
    <Select<V>
      allowClear
      showSearch={search ? { optionFilterProp: 'label' } : undefined}
      aria-label={label ?? placeholder}
      placeholder={placeholder}
      className={className}
      style={width ? { width } : undefined}
      value={value}
      loading={loading}
      disabled={disabled}
      onChange={(next?: V) => onChange(next)}
      options={options}
    />
  );
}
