import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useCompanyOptionsQuery } from '../api/getCompanyList';

interface CompanySelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  className?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

/**
 * Picks a company (platform pages): searches the server by name as the user types, and keeps
 * showing the name of the chosen company when a later search no longer lists it.
 */
export function CompanySelect({ value, onChange, placeholder, allowClear = true, id, className, style, 'aria-label': ariaLabel }: CompanySelectProps) {
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const companies = useCompanyOptionsQuery(keyword);
  const [known, setKnown] = useState<Map<number, string>>(() => new Map());

  useEffect(() => {
    const list = companies.data?.list;
    if (!list?.length) {
      return;
    }
    setKnown((previous) => {
      const next = new Map(previous);
      for (const company of list) {
        next.set(Number(company.companyId), company.displayName);
      }
      return next;
    });
  }, [companies.data]);

  const options = useMemo(() => {
    const listed = (companies.data?.list ?? []).map((company) => ({ value: Number(company.companyId), label: company.displayName }));
    if (value !== undefined && !listed.some((option) => option.value === value) && known.has(value)) {
      listed.unshift({ value, label: known.get(value) ?? String(value) });
    }
    return listed;
  }, [companies.data, known, value]);

  return (
    <Select<number>
      id={id}
      className={className}
      style={style}
      aria-label={ariaLabel}
      value={value}
      onChange={(next) => onChange?.(next)}
      placeholder={placeholder}
      allowClear={allowClear}
      loading={companies.isFetching}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) {
          setSearch('');
        }
      }}
    />
  );
}
