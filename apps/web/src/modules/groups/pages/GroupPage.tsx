import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Input, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GroupItem } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
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
  const { message, modal } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const groups = useGroupListQuery({ pageNum, pageSize, keyword });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [membersOf, setMembersOf] = useState<GroupItem | null>(null);
  const addGroup = useAddGroupMutation();
  const updateGroup = useUpdateGroupMutation();
  const deleteGroup = useDeleteGroupMutation();

  // After deleting the last group of a page, show the page before it.
  const total = groups.data?.total;
  useEffect(() => {
    if (total !== undefined && pageNum > 1 && (pageNum - 1) * pageSize >= total) {
      setPageNum(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [total, pageNum, pageSize]);

  const handleSubmit = async (values: GroupValues) => {
    try {
      if (editing?.mode === 'edit') {
        await updateGroup.mutateAsync({ id: editing.group.id, ...values });
      } else {
        await addGroup.mutateAsync(values);
      }
      setEditing(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleDelete = (group: GroupItem) => {
    void modal.confirm({
      title: t('delete.title', { name: group.name }),
      content: group.memberCount > 0 ? t('delete.withMembers', { count: group.memberCount }) : t('delete.content'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      autoFocusButton: 'ok',
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
      width: 240,
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
      <Card>
        <div className="sd-page__toolbar">
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            style={{ width: 260 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPageNum(1);
            }}
            onChange={(event) => {
              if (event.target.value === '') {
                setKeyword('');
                setPageNum(1);
              }
            }}
          />
        </div>
        <Table<GroupItem>
          rowKey="id"
          columns={columns}
          dataSource={groups.data?.list ?? []}
          loading={groups.isFetching}
          scroll={{ x: 820 }}
          pagination={{
            current: pageNum,
            pageSize,
            total: groups.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('total', { count }),
            onChange: (page, size) => {
              setPageNum(size === pageSize ? page : 1);
              setPageSize(size);
            },
          }}
          locale={{
            emptyText: groups.isPending ? ' ' : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('emptySearch') : t('empty')}>
                {!keyword && <p className="sd-page__empty-hint">{t('emptyHint')}</p>}
              </Empty>
            ),
          }}
        />
      </Card>
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
