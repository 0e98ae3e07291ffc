import { useMemo, useRef, useState } from 'react';
import { Button, Drawer, Empty, Select, Table, type RefSelectProps, type TableColumnsType } from 'antd';
import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GroupItem, GroupMemberItem } from '@smartdata/domain';
import { useAddUserToGroupMutation } from '../api/addUserToGroup';
import { useCompanyMembersQuery } from '../api/getCompanyMembers';
import { useGroupMembersQuery } from '../api/getGroupMembers';
import { useRemoveUserFromGroupMutation } from '../api/removeUserFromGroup';
import { actionsColumn } from '@/shared/components/list/listColumns';
import { useDebouncedValue } from '@/shared/hooks/useDebouncedValue';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useListActions } from '@/shared/hooks/useListActions';

interface GroupMembersDrawerProps {
  group: GroupItem | null;
  onClose: () => void;
}

/** The members of a group: add a member of the company, take one out. */
export function GroupMembersDrawer({ group, onClose }: GroupMembersDrawerProps) {
  const { t } = useTranslation(['groups', 'texts']);
  const { save } = useListActions();
  const confirm = useConfirmAction();
  const groupId = group?.id ?? null;
  const members = useGroupMembersQuery(groupId);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim());
  const [pickerOpen, setPickerOpen] = useState(false);
  const candidates = useCompanyMembersQuery(keyword, group !== null && pickerOpen);
  const [userId, setUserId] = useState<number | string | null>(null);
  const pickerRef = useRef<RefSelectProps>(null);
  const addUser = useAddUserToGroupMutation();
  const removeUser = useRemoveUserFromGroupMutation();

  const inGroup = useMemo(() => new Set((members.data ?? []).map((member) => String(member.userId))), [members.data]);
  const options = (candidates.data?.list ?? [])
    .filter((member) => !inGroup.has(String(member.userId)))
    .map((member) => ({
      value: member.userId,
      label: member.name ? `${member.name} (${member.userName})` : member.userName,
    }));

  const handleAdd = async () => {
    if (groupId === null || userId === null) {
      return;
    }
    await save(
      () => addUser.mutateAsync({ groupId, userId }),
      () => {
        setUserId(null);
        setSearch('');
      },
    );
  };

  const handleRemove = (member: GroupMemberItem) => {
    if (groupId === null) {
      return;
    }
    const name = member.name || member.userName;
    confirm({
      title: t('members.removeTitle', { name, group: group?.name ?? '' }),
      content: t('members.removeContent'),
      okText: t('members.remove'),
      run: () => removeUser.mutateAsync({ groupId, userId: member.userId }),
      done: t('texts:operationSuccess'),
      // The removed row took the focus with it: give it to the member picker, not the page.
      after: () => pickerRef.current?.focus(),
    });
  };

  const columns: TableColumnsType<GroupMemberItem> = [
    { title: t('members.name'), key: 'name', render: (_value, member) => member.name || member.userName },
    { title: t('members.userName'), dataIndex: 'userName', key: 'userName' },
    { title: t('members.phone'), dataIndex: 'phone', key: 'phone', render: (phone: string | null) => phone ?? '—' },
    actionsColumn(
      t('columns.actions'),
      (member) => [{ key: 'remove', label: t('members.remove'), icon: <UserDeleteOutlined />, danger: true, onClick: () => handleRemove(member), ariaLabel: t('members.removeNamed', { name: member.name || member.userName }) }],
      { width: 90 },
    ),
  ];

  return (
    <Drawer
      open={group !== null}
      onClose={onClose}
      size={620}
      destroyOnHidden
      title={group ? t('members.title', { name: group.name }) : ''}
    >
      <div className="sd-group-members__add" role="group" aria-label={t('members.add')}>
        <Select<number | string>
          ref={pickerRef}
          className="sd-group-members__picker"
          showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
          value={userId ?? undefined}
          onChange={(value) => setUserId(value)}
          onOpenChange={setPickerOpen}
          placeholder={t('members.pickPlaceholder')}
          aria-label={t('members.pick')}
          loading={candidates.isFetching}
          options={options}
          notFoundContent={candidates.isFetching ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members.noCandidates')} />}
        />
        <Button type="primary" icon={<UserAddOutlined />} disabled={userId === null} loading={addUser.isPending} onClick={() => void handleAdd()}>
          {t('members.add')}
        </Button>
      </div>
      <Table<GroupMemberItem>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={members.data ?? []}
        loading={members.isPending}
        pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
        locale={{
          emptyText: members.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members.empty')} />,
        }}
      />
    </Drawer>
  );
}
