import { useState } from 'react';
import { App, Button, Card, Empty, Input, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MemberItem } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useSessionStore } from '@/shared/session/sessionStore';
import { formatDate } from '@/shared/utils/formatTime';
import { useMemberListQuery } from '../api/getMemberList';
import type { MemberListParams } from '../api/keys';
import { useRemoveMemberMutation } from '../api/removeMember';
import { useSetMemberStatusMutation } from '../api/setMemberStatus';
import { CompanyUserCreateModal } from '../components/CompanyUserCreateModal';
import { InviteMemberModal } from '../components/InviteMemberModal';
import { MemberRolesModal } from '../components/MemberRolesModal';
import { MemberStatusTag } from '../components/MemberStatusTag';
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
  const [params, setParams] = useState<MemberListParams>({ pageNum: 1, pageSize: PAGE_SIZE });
  const [search, setSearch] = useState('');
  const [inviteOpen, setInviteOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [invitationsOpen, setInvitationsOpen] = useState(false);
  const [editingRoles, setEditingRoles] = useState<MemberItem | null>(null);
  const members = useMemberListQuery(params);
  const setStatus = useSetMemberStatusMutation();
  const removeMember = useRemoveMemberMutation();

  const isSelf = (member: MemberItem) => String(member.userId) === String(currentUserId);

  const handleSearch = (value: string) => setParams((current) => ({ ...current, pageNum: 1, keyword: value.trim() || undefined }));

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
      render: (_value, member) =>
        member.roles.length === 0 ? (
          <Typography.Text type="secondary">{t('members.noRoles')}</Typography.Text>
        ) : (
          <span className="sd-users__tags">
            {member.roles.map((role) => (
              <Tag key={String(role.roleId)} color="geekblue">
                {role.name}
              </Tag>
            ))}
          </span>
        ),
    },
    { title: t('members.columns.status'), dataIndex: 'status', key: 'status', width: 100, render: (status: string) => <MemberStatusTag status={status} /> },
    { title: t('members.columns.joinedAt'), dataIndex: 'joinedAt', key: 'joinedAt', width: 120, className: 'sd-nowrap', render: (value: number) => formatDate(value) },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 290,
      render: (_value, member) => {
        const self = isSelf(member);
        const name = member.name || member.userName;
        const disabled = member.status === 'disabled';
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setEditingRoles(member)}>
              {t('members.assignRoles')}
            </Button>
            <Tooltip title={self ? t('members.notYourself') : undefined}>
              {disabled ? (
                <Button type="link" size="small" disabled={self} onClick={() => void handleStatus(member, false)}>
                  {t('members.enable')}
                </Button>
              ) : (
                <Popconfirm
                  title={t('members.disableConfirm', { name })}
                  description={t('members.disableHint')}
                  okText={t('members.disable')}
                  okButtonProps={{ danger: true }}
                  disabled={self}
                  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm keeps its OK button loading until the returned promise settles (antd ActionButton)
                  onConfirm={() => handleStatus(member, true)}
                >
                  <Button type="link" size="small" disabled={self}>
                    {t('members.disable')}
                  </Button>
                </Popconfirm>
              )}
            </Tooltip>
            <Tooltip title={self ? t('members.notYourself') : undefined}>
              <Popconfirm
                title={t('members.removeConfirm', { name })}
                description={t('members.removeHint')}
                okText={t('members.remove')}
                okButtonProps={{ danger: true }}
                disabled={self}
                // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm keeps its OK button loading until the returned promise settles (antd ActionButton)
                onConfirm={() => handleRemove(member)}
              >
                <Button type="link" size="small" danger disabled={self}>
                  {t('members.remove')}
                </Button>
              </Popconfirm>
            </Tooltip>
          </Space>
        );
      },
    },
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
      <Card>
        <div className="sd-page__toolbar">
          <Input.Search
            allowClear
            enterButton
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={handleSearch}
            placeholder={t('members.searchPlaceholder')}
            aria-label={t('members.searchPlaceholder')}
            style={{ maxWidth: 340 }}
          />
        </div>
        <Table<MemberItem>
          rowKey={(member) => String(member.userId)}
          columns={columns}
          dataSource={members.data?.list}
          loading={members.isPending || (members.isFetching && members.isPlaceholderData)}
          scroll={{ x: 1000 }}
          pagination={{
            current: params.pageNum,
            pageSize: params.pageSize,
            total: members.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            hideOnSinglePage: false,
            showTotal: (total) => t('members.total', { count: total }),
            onChange: (pageNum, pageSize) => setParams((current) => ({ ...current, pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize })),
          }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={params.keyword ? t('members.noMatch', { keyword: params.keyword }) : t('members.empty')}>
                {!params.keyword && <p className="sd-page__empty-hint">{t('members.emptyHint')}</p>}
              </Empty>
            ),
          }}
        />
      </Card>
      <CompanyUserCreateModal open={createOpen} onClose={() => setCreateOpen(false)} />
      <InviteMemberModal open={inviteOpen} onClose={() => setInviteOpen(false)} onInvited={() => setInvitationsOpen(true)} />
      <SentInvitationsDrawer open={invitationsOpen} onClose={() => setInvitationsOpen(false)} />
      <MemberRolesModal member={editingRoles} onClose={() => setEditingRoles(null)} />
    </div>
  );
}
