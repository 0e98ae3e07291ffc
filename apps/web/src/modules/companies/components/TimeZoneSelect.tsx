import { useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { timeZoneOptions } from './timeZones';

interface TimeZoneSelectProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** An IANA time zone, searchable by name or offset (Form.Item passes value and onChange). */
export function TimeZoneSelect({ value, onChange, id }: TimeZoneSelectProps) {
  const { t } = useTranslation('companies');
  const options = useMemo(() => {
    const list = timeZoneOptions();
    return value && !list.some((option) => option.value === value) ? [{ value, label: value }, ...list] : list;
  }, [value]);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('fields.timeZonePlaceholder')}
      virtual
    />
  );
}
