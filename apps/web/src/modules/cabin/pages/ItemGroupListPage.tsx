import { useState } from 'react';
import { App, Button, Card, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataItemSummary, ItemGroupItem } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { formatDateTime } from '@/shared/utils/formatTime';
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
  const { message, modal } = App.useApp();
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

  const handleDelete = (group: ItemGroupItem) => {
    void modal.confirm({
      title: t('itemGroups.deleteTitle', { name: group.name }),
      content: t('itemGroups.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteGroup.mutateAsync(group.id);
          void message.success(t('texts:deleteSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });
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
    { title: t('itemGroups.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    {
      title: t('itemGroups.actions'),
      key: 'actions',
      width: 180,
      render: (_value, group) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => void navigate(itemGroupPath(group.id))} aria-label={t('itemGroups.configureNamed', { name: group.name })}>
            {t('itemGroups.configure')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(group)} aria-label={t('itemGroups.deleteNamed', { name: group.name })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('itemGroups.title')}
        description={t('itemGroups.description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('itemGroups.create')}
          </Button>
        }
      />
      <Card>
        <Table<ItemGroupItem>
          rowKey="id"
          columns={columns}
          dataSource={groups.data ?? []}
          loading={groups.isFetching}
          pagination={false}
          scroll={{ x: 760 }}
          locale={{
            emptyText: groups.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('itemGroups.empty')}>
                <p className="sd-page__empty-hint">{t('itemGroups.emptyHint')}</p>
              </Empty>
            ),
          }}
        />
      </Card>
      {creating && <ItemGroupNameModal saving={addGroup.isPending} onSubmit={(name) => void handleCreate(name)} onCancel={() => setCreating(false)} />}
    </div>
  );
}
