import { useState } from 'react';
import { App, Button, type TableColumnsType } from 'antd';
import { MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MemberItem } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useSessionStore } from '@/shared/session/sessionStore';
import { useMemberListQuery } from '../api/getMemberList';
import { useRemoveMemberMutation } from '../api/removeMember';
import { useSetMemberStatusMutation } from '../api/setMemberStatus';
import { CompanyUserCreateModal } from '../components/CompanyUserCreateModal';
import { InviteMemberModal } from '../components/InviteMemberModal';
import { MemberRolesModal } from '../components/MemberRolesModal';
import { MemberStatusTag } from '../components/MemberStatusTag';
import { NameTags } from '../components/NameTags';
import { PersonCell } from '../components/PersonCell';
import { SentInvitationsDrawer } from '../components/SentInvitationsDrawer';
import '../users.css';

const PAGE_SIZE = 20;

/**
 * /userManagement/users (um_user): members of the current company with their roles and status;
 * invite by phone or user name, assign roles, disable or enable, remove from the company.
 */
export function UsersPage() {
  const { t } = useTranslation(['users', 'texts']);
  const { message } = App.useApp();
  const currentUserId = useSessionStore((state) => state.user?.userId);
  const paged = usePagedList(PAGE_SIZE);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [invitationsOpen, setInvitationsOpen] = useState(false);
  const [editingRoles, setEditingRoles] = useState<MemberItem | null>(null);
  const members = useMemberListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined });
  const setStatus = useSetMemberStatusMutation();
  const removeMember = useRemoveMemberMutation();

  const isSelf = (member: MemberItem) => String(member.userId) === String(currentUserId);

  const handleStatus = (member: MemberItem, disabled: boolean) =>
    setStatus.mutateAsync({ userId: member.userId, disabled }).then(
      () => void message.success(t('texts:operationSuccess')),
      () => undefined,
    );

  const handleRemove = (member: MemberItem) =>
    removeMember.mutateAsync(member.userId).then(
      () => void message.success(t('texts:operationSuccess')),
      () => undefined,
    );

  const columns: TableColumnsType<MemberItem> = [
    {
      title: t('members.columns.member'),
      key: 'member',
      width: 240,
      render: (_value, member) => <PersonCell name={member.name} userName={member.userName} isSelf={isSelf(member)} />,
    },
    { title: t('members.columns.phone'), dataIndex: 'phone', key: 'phone', width: 140, render: (phone: string | null) => phone || '—' },
    {
      title: t('members.columns.roles'),
      key: 'roles',
      render: (_value, member) => <NameTags tags={member.roles.map((role) => ({ key: String(role.roleId), name: role.name }))} none={t('members.noRoles')} color="geekblue" />,
    },
    { title: t('members.columns.status'), dataIndex: 'status', key: 'status', width: 100, render: (status: string) => <MemberStatusTag status={status} /> },
    timeColumn(t('members.columns.joinedAt'), 'joinedAt', { date: true }),
    actionsColumn(
      t('columns.actions'),
      (member) => {
        const self = isSelf(member);
        const name = member.name || member.userName;
        const notYourself = self ? t('members.notYourself') : undefined;
        return [
          { key: 'roles', label: t('members.assignRoles'), onClick: () => setEditingRoles(member) },
          member.status === 'disabled'
            ? { key: 'enable', label: t('members.enable'), disabled: self, tooltip: notYourself, onClick: () => void handleStatus(member, false) }
            : {
                key: 'disable',
                label: t('members.disable'),
                disabled: self,
                tooltip: notYourself,
                popconfirm: { title: t('members.disableConfirm', { name }), description: t('members.disableHint'), okText: t('members.disable'), onConfirm: () => handleStatus(member, true) },
              },
          {
            key: 'remove',
            label: t('members.remove'),
            danger: true,
            disabled: self,
            tooltip: notYourself,
            popconfirm: { title: t('members.removeConfirm', { name }), description: t('members.removeHint'), okText: t('members.remove'), onConfirm: () => handleRemove(member) },
          },
        ];
      },
      { width: 290, wrap: true },
    ),
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('members.title')}
        description={t('members.description')}
        actions={
          <>
            <Button icon={<MailOutlined />} onClick={() => setInvitationsOpen(true)}>
              {t('invitations.open')}
            </Button>
            <Button icon={<UserAddOutlined />} onClick={() => setCreateOpen(true)}>
              {t('createUser.open')}
            </Button>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviteOpen(true)}>
              {t('invite.open')}
            </Button>
          </>
        }
      />
      <ListCard<MemberItem> rowKey={(member) => String(member.userId)} columns={columns} query={members} paged={paged} pageSizes={[10, 20, 50, 100]} scrollX={1000}
        loading={members.isPending || (members.isFetching && members.isPlaceholderData)}
        texts={{
          search: t('members.searchPlaceholder'),
          total: (count) => t('members.total', { count }),
          empty: t('members.empty'),
          hint: t('members.emptyHint'),
          noMatch: t('members.noMatch', { keyword: paged.keyword }),
        }}
      />
      <CompanyUserCreateModal open={createOpen} onClose={() => setCreateOpen(false)} />
      <InviteMemberModal open={inviteOpen} onClose={() => setInviteOpen(false)} onInvited={() => setInvitationsOpen(true)} />
      <SentInvitationsDrawer open={invitationsOpen} onClose={() => setInvitationsOpen(false)} />
      <MemberRolesModal member={editingRoles} onClose={() => setEditingRoles(null)} />
    </div>
  );
}
