import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ruleLimits } from '@smartdata/domain';
import { useCompanyMembersQuery } from '@/modules/groups/api/getCompanyMembers';
import { useGroupListQuery } from '@/modules/groups/api/getGroupList';

interface PickerProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  placeholder?: string;
}

/** Company members to choose (searched on the server by name, account or phone), by user id. */
export function UserPicker({ value, onChange, id, placeholder }: PickerProps) {
  const { t } = useTranslation('tasks');
  const [keyword, setKeyword] = useState('');
  const members = useCompanyMembersQuery(keyword, true);
  // Chosen members stay labelled when a search no longer lists them.
  const [known, setKnown] = useState(() => new Map<number, string>());
  const options = useMemo(() => {
    const listed = (members.data?.list ?? []).map((m) => ({ value: Number(m.userId), label: m.name ? `${m.name} (${m.userName})` : m.userName }));
    const missing = (value ?? []).filter((v) => !listed.some((o) => o.value === v)).map((v) => ({ value: v, label: known.get(v) ?? `#${v}` }));
    return [...listed, ...missing];
  }, [members.data, value, known]);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={members.isFetching}
      placeholder={placeholder ?? t('actionForm.usersPlaceholder')}
      value={value}
      maxCount={ruleLimits.recipientsMax}
      onChange={(next: number[]) => {
        setKnown((old) => new Map([...old, ...options.filter((o) => next.includes(o.value)).map((o) => [o.value, o.label] as const)]));
        onChange?.(next);
      }}
      onBlur={() => setKeyword('')}
      options={options}
      notFoundContent={members.isFetching ? undefined : t('actionForm.noUsers')}
    />
  );
}

/** The company's user groups to choose, by id. */
export function GroupPicker({ value, onChange, id }: PickerProps) {
  const { t } = useTranslation('tasks');
  const groups = useGroupListQuery({ pageNum: 1, pageSize: 500, keyword: '' });
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={groups.isPending}
      placeholder={t('actionForm.groupsPlaceholder')}
      value={value}
      onChange={(next: number[]) => onChange?.(next)}
      options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
      notFoundContent={t('actionForm.noGroups')}
    />
  );
}
