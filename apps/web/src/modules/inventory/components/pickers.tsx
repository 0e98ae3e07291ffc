import { Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarehouseKind } from '@smartdata/domain';
import { PICK_LIST_SIZE } from '../api/keys';
import { useCategoryListQuery, useItemListQuery, useWarehouseListQuery } from '../api/masterData';
import { buildCategoryTree } from '../lib/categoryTree';

interface PickerProps {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

/** An item select (searchable); `serialized` narrows it to device models or to plain items. */
export function ItemPicker({ serialized, ...props }: PickerProps & { serialized?: boolean }) {
  const { t } = useTranslation('inventory');
  const items = useItemListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE, serialized: serialized === undefined ? undefined : serialized ? '1' : '0' });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={items.isPending}
      placeholder={t('pickers.item')}
      notFoundContent={items.isPending ? undefined : t('pickers.noItem')}
      options={(items.data?.list ?? []).map((item) => ({ value: item.id, label: item.serialized ? `${item.name} · ${t('items.serializedShort')}` : item.name }))}
      {...props}
    />
  );
}

/** A warehouse select; `kind` narrows it (returns go into a returns warehouse). */
export function WarehousePicker({ kind, ...props }: PickerProps & { kind?: WarehouseKind }) {
  const { t } = useTranslation('inventory');
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const list = (warehouses.data?.list ?? []).filter((w) => kind === undefined || w.kind === kind);
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={warehouses.isPending}
      placeholder={t('pickers.warehouse')}
      notFoundContent={warehouses.isPending ? undefined : t(kind === 'returns' ? 'pickers.noReturnsWarehouse' : 'pickers.noWarehouse')}
      options={list.map((w) => ({ value: w.id, label: `${w.name} · ${t(`warehouses.kinds.${w.kind}`)}` }))}
      {...props}
    />
  );
}

/** A category tree select. */
export function CategoryPicker(props: PickerProps) {
  const { t } = useTranslation('inventory');
  const categories = useCategoryListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  return (
    <TreeSelect
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      loading={categories.isPending}
      placeholder={t('pickers.category')}
      treeData={buildCategoryTree(categories.data?.list ?? [])}
      notFoundContent={t('pickers.noCategory')}
      {...props}
    />
  );
}
