import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleListQuery } from '../api/getRoleList';

interface RoleSelectProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  /** Roles of this company (platform administrator); the current company's otherwise. */
  companyId?: number;
  disabled?: boolean;
  id?: string;
}

/** Picks any number of roles of a company, searchable by name. */
export function RoleSelect({ value, onChange, companyId, disabled = false, id }: RoleSelectProps) {
  const { t } = useTranslation('users');
  const roles = useRoleListQuery({ companyId, enabled: !disabled });
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      value={value}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
      loading={roles.isFetching}
      placeholder={disabled ? t('roles.chooseCompanyFirst') : t('roles.placeholder')}
      notFoundContent={roles.isFetching ? undefined : t('roles.none')}
      showSearch={{ optionFilterProp: 'label' }}
      options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
    />
  );
}
