import { useState } from 'react';
import { App, Tag, type TableColumnsType } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataItemSummary, ItemGroupItem } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useAddItemGroupMutation } from '../api/addItemGroup';
import { useDeleteItemGroupMutation } from '../api/deleteItemGroup';
import { useItemGroupListQuery } from '../api/getItemGroupList';
import { ItemGroupNameModal } from '../components/ItemGroupNameModal';
import { itemGroupPath } from '../components/nodeLinks';
import '../cabin.css';

/** How many of a group's data items the list names before "+N". */
const ITEMS_SHOWN = 4;

/** /smartdata/itemgroup: the company's item groups, the way to each group's settings. */
export function ItemGroupListPage() {
  const { t } = useTranslation(['cabin', 'texts']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const groups = useItemGroupListQuery();
  const addGroup = useAddItemGroupMutation();
  const deleteGroup = useDeleteItemGroupMutation();
  const [creating, setCreating] = useState(false);

  const handleCreate = async (name: string) => {
    try {
      const { id } = await addGroup.mutateAsync({ name, itemIds: [] });
      setCreating(false);
      void message.success(t('texts:operationSuccess'));
      void navigate(itemGroupPath(id));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const columns: TableColumnsType<ItemGroupItem> = [
    {
      title: t('itemGroups.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, group) => (
        <Link to={itemGroupPath(group.id)} className="sd-cabin-groups__name">
          {name}
        </Link>
      ),
    },
    {
      title: t('itemGroups.items'),
      dataIndex: 'items',
      key: 'items',
      render: (items: DataItemSummary[]) =>
        items.length === 0 ? (
          <span className="sd-muted">{t('itemGroups.noItems')}</span>
        ) : (
          <span className="sd-cabin-groups__items">
            {items.slice(0, ITEMS_SHOWN).map((item) => (
              <Tag key={item.id}>{item.name}</Tag>
            ))}
            {items.length > ITEMS_SHOWN && <span className="sd-muted">+{items.length - ITEMS_SHOWN}</span>}
          </span>
        ),
    },
    { title: t('itemGroups.count'), key: 'count', width: 110, align: 'right', render: (_value, group) => group.items.length },
    timeColumn(t('itemGroups.createdAt'), 'createdAt', { width: 180 }),
    actionsColumn(
      t('itemGroups.actions'),
      (group) => [
        {
          key: 'configure',
          label: t('itemGroups.configure'),
          icon: <SettingOutlined />,
          onClick: () => void navigate(itemGroupPath(group.id)),
          ariaLabel: t('itemGroups.configureNamed', { name: group.name }),
        },
        { kind: 'delete', name: group.name, confirm: { title: t('itemGroups.deleteTitle', { name: group.name }), content: t('itemGroups.deleteContent'), onDelete: () => deleteGroup.mutateAsync(group.id) } },
      ],
      { width: 180 },
    ),
  ];

  return (
    <div className="sd-page">
      <PageHeader title={t('itemGroups.title')} description={t('itemGroups.description')} actions={<AddButton label={t('itemGroups.create')} onClick={() => setCreating(true)} />} />
      <ListCard<ItemGroupItem> columns={columns} query={groups} unpaged scrollX={760} texts={{ empty: t('itemGroups.empty'), hint: t('itemGroups.emptyHint') }} />
      {creating && <ItemGroupNameModal saving={addGroup.isPending} onSubmit={(name) => void handleCreate(name)} onCancel={() => setCreating(false)} />}
    </div>
  );
}
