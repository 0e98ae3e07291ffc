import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GroupItem } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useAddGroupMutation, type GroupValues } from '../api/addGroup';
import { useDeleteGroupMutation } from '../api/deleteGroup';
import { useGroupListQuery } from '../api/getGroupList';
import { useUpdateGroupMutation } from '../api/updateGroup';
import { GroupFormModal } from '../components/GroupFormModal';
import { GroupMembersDrawer } from '../components/GroupMembersDrawer';
import '../groups.css';

/** /userManagement/group: the company's groups (paged, searchable) and their members. */
export function GroupPage() {
  const { t } = useTranslation(['groups', 'texts']);
  const paged = usePagedList();
  const groups = useGroupListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const [membersOf, setMembersOf] = useState<GroupItem | null>(null);
  const addGroup = useAddGroupMutation();
  const updateGroup = useUpdateGroupMutation();
  const deleteGroup = useDeleteGroupMutation();
  const dialog = useEditDialog(addGroup, updateGroup, (group: GroupItem, values: GroupValues) => ({ id: group.id, ...values }));

  const columns: TableColumnsType<GroupItem> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', render: (name: string) => <strong>{name}</strong> },
    { title: t('fields.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true, render: (remark: string) => remark || <span className="sd-muted">—</span> },
    { title: t('columns.members'), dataIndex: 'memberCount', key: 'memberCount', width: 100, align: 'right' },
    timeColumn(t('columns.createdAt'), 'createdAt', { width: 180 }),
    actionsColumn(
      t('columns.actions'),
      (group) => [
        { key: 'members', label: t('actions.members'), icon: <TeamOutlined />, onClick: () => setMembersOf(group), ariaLabel: t('actions.membersNamed', { name: group.name }) },
        { kind: 'edit', name: group.name, onClick: () => dialog.edit(group) },
        {
          kind: 'delete',
          name: group.name,
          confirm: {
            title: t('delete.title', { name: group.name }),
            content: group.memberCount > 0 ? t('delete.withMembers', { count: group.memberCount }) : t('delete.content'),
            onDelete: () => deleteGroup.mutateAsync(group.id),
          },
        },
      ],
      { width: 290 },
    ),
  ];

  const editing = dialog.row;
  return (
    <div className="sd-page">
      <PageHeader title={t('title')} description={t('description')} actions={<AddButton label={t('actions.create')} onClick={dialog.create} />} />
      <ListCard<GroupItem> columns={columns} query={groups} paged={paged} scrollX={870} texts={{ search: t('search'), empty: t('empty'), noMatch: t('emptySearch'), hint: t('emptyHint'), total: (count) => t('total', { count }) }} />
      {dialog.open && (
        <GroupFormModal
          {...dialog.modal}
          title={editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')}
          initialValues={editing ? { name: editing.name, remark: editing.remark } : undefined}
        />
      )}
      <GroupMembersDrawer group={membersOf} onClose={() => setMembersOf(null)} />
    </div>
  );
}
