import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataItemListQuery } from '../../api/getDataItemList';

interface ItemSelectProps {
  value?: number;
  onChange?: (value: number) => void;
  id?: string;
  'aria-label'?: string;
  /** The item being configured: listed as "(this item)" so that choosing it shows the rule. */
  selfId: number;
  allowClear?: boolean;
}

/** A data item the caller can read, searched by name (jump and forward targets, master item). */
export function ItemSelect({ value, onChange, id, selfId, allowClear, ...rest }: ItemSelectProps) {
  const { t } = useTranslation('data-items');
  const items = useDataItemListQuery();
  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label']}
      value={value}
      onChange={onChange}
      allowClear={allowClear}
      loading={items.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('settings.itemPlaceholder')}
      options={(items.data?.list ?? []).map((option) => ({ value: option.id, label: option.id === selfId ? `${option.name} ${t('settings.thisItem')}` : option.name }))}
    />
  );
}
