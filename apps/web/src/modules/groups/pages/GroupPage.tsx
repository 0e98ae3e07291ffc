import { useState } from 'react';
import { Button, Space, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GroupItem } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddGroupMutation, type GroupValues } from '../api/addGroup';
import { useDeleteGroupMutation } from '../api/deleteGroup';
import { useGroupListQuery } from '../api/getGroupList';
import { useUpdateGroupMutation } from '../api/updateGroup';
import { GroupFormModal } from '../components/GroupFormModal';
import { GroupMembersDrawer } from '../components/GroupMembersDrawer';
import '../groups.css';

type Editing = { mode: 'create' } | { mode: 'edit'; group: GroupItem };

/** /userManagement/group: the company's groups (paged, searchable) and their members. */
export function GroupPage() {
  const { t } = useTranslation(['groups', 'texts']);
  const paged = usePagedList();
  const groups = useGroupListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [membersOf, setMembersOf] = useState<GroupItem | null>(null);
  const addGroup = useAddGroupMutation();
  const updateGroup = useUpdateGroupMutation();
  const deleteGroup = useDeleteGroupMutation();
  const { save, confirmDelete } = useListActions();

  const handleSubmit = (values: GroupValues) =>
    save(
      () => (editing?.mode === 'edit' ? updateGroup.mutateAsync({ id: editing.group.id, ...values }) : addGroup.mutateAsync(values)),
      () => setEditing(null),
    );

  const handleDelete = (group: GroupItem) =>
    confirmDelete({
      title: t('delete.title', { name: group.name }),
      content: group.memberCount > 0 ? t('delete.withMembers', { count: group.memberCount }) : t('delete.content'),
      okText: t('actions.delete'),
      onDelete: () => deleteGroup.mutateAsync(group.id),
    });

  const columns: TableColumnsType<GroupItem> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', render: (name: string) => <strong>{name}</strong> },
    {
      title: t('fields.remark'),
      dataIndex: 'remark',
      key: 'remark',
      ellipsis: true,
      render: (remark: string) => remark || <span className="sd-muted">—</span>,
    },
    { title: t('columns.members'), dataIndex: 'memberCount', key: 'memberCount', width: 100, align: 'right' },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 180,
      className: 'sd-nowrap',
      render: (value: number) => formatDateTime(value),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 290,
      render: (_value, group) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setMembersOf(group)} aria-label={t('actions.membersNamed', { name: group.name })}>
            {t('actions.members')}
          </Button>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', group })} aria-label={t('actions.editNamed', { name: group.name })}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(group)} aria-label={t('actions.deleteNamed', { name: group.name })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('actions.create')}
          </Button>
        }
      />
      <ListCard<GroupItem>
        rowKey="id"
        columns={columns}
        rows={groups.data?.list ?? []}
        loading={groups.isFetching}
        pending={groups.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('search')}
        onSearch={paged.search}
        paging={{ state: paged, total: groups.data?.total ?? 0, totalText: (count) => t('total', { count }) }}
        empty={{ text: t('empty'), searchText: t('emptySearch'), hint: t('emptyHint') }}
        scrollX={870}
      />
      {editing && (
        <GroupFormModal
          title={editing.mode === 'edit' ? t('form.editTitle', { name: editing.group.name }) : t('form.createTitle')}
          initialValues={editing.mode === 'edit' ? { name: editing.group.name, remark: editing.group.remark } : undefined}
          saving={addGroup.isPending || updateGroup.isPending}
          onSubmit={(values) => void handleSubmit(values)}
          onCancel={() => setEditing(null)}
        />
      )}
      <GroupMembersDrawer group={membersOf} onClose={() => setMembersOf(null)} />
    </div>
  );
}
