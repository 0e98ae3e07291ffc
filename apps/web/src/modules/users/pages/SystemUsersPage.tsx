import { useState } from 'react';
import { App, Button, Card, Empty, Input, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SysUserItem } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { CompanySelect } from '@/modules/system/components/CompanySelect';
import { PageHeader } from '@/shared/components/PageHeader';
import { useSessionStore } from '@/shared/session/sessionStore';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useSysUserListQuery } from '../api/getSysUserList';
import type { SysUserListParams } from '../api/keys';
import { useUpdateSysUserMutation } from '../api/updateSysUser';
import { MemberStatusTag } from '../components/MemberStatusTag';
import { PersonCell } from '../components/PersonCell';
import { SysUserCreateModal } from '../components/SysUserCreateModal';
import { SysUserEditModal } from '../components/SysUserEditModal';
import { SysUserPasswordModal } from '../components/SysUserPasswordModal';
import '../users.css';

const PAGE_SIZE = 20;

/**
 * /systemMaintenance/systemuser (system_user, platform): every user of the platform, by keyword
 * and company; create a user in a company with roles, edit, disable or enable, reset the password.
 */
export function SystemUsersPage() {
  const { t } = useTranslation(['users', 'texts']);
  const { message } = App.useApp();
  const currentUserId = useSessionStore((state) => state.user?.userId);
  const [params, setParams] = useState<SysUserListParams>({ pageNum: 1, pageSize: PAGE_SIZE });
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SysUserItem | null>(null);
  const [resetting, setResetting] = useState<SysUserItem | null>(null);
  const users = useSysUserListQuery(params);
  const update = useUpdateSysUserMutation();

  const handleStatus = (user: SysUserItem, disabled: boolean) =>
    update.mutateAsync({ id: user.userId, disabled }).then(
      () => void message.success(t('texts:operationSuccess')),
      () => undefined,
    );

  const columns: TableColumnsType<SysUserItem> = [
    {
      title: t('sysUsers.columns.user'),
      key: 'user',
      width: 230,
      render: (_value, user) => <PersonCell name={user.name} userName={user.userName} isSelf={String(user.userId) === String(currentUserId)} />,
    },
    { title: t('sysUsers.columns.phone'), dataIndex: 'phone', key: 'phone', width: 130, render: (phone: string | null) => phone || '—' },
    {
      title: t('sysUsers.columns.companies'),
      key: 'companies',
      render: (_value, user) =>
        user.companies.length === 0 ? (
          <Typography.Text type="secondary">{t('sysUsers.noCompany')}</Typography.Text>
        ) : (
          <span className="sd-users__tags">
            {user.companies.map((company) => (
              <Tag key={company.companyId}>{company.displayName}</Tag>
            ))}
          </span>
        ),
    },
    {
      title: t('sysUsers.columns.status'),
      key: 'status',
      width: 170,
      render: (_value, user) => (
        <span className="sd-users__tags">
          <MemberStatusTag status={user.status} />
          {user.isPlatformAdmin && <Tag color="purple">{t('sysUsers.platformAdmin')}</Tag>}
        </span>
      ),
    },
    { title: t('sysUsers.columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 170, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 230,
      render: (_value, user) => {
        const self = String(user.userId) === String(currentUserId);
        const disabled = user.status === 'disabled';
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setEditing(user)}>
              {t('actions.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => setResetting(user)}>
              {t('sysUsers.resetPassword')}
            </Button>
            <Tooltip title={self ? t('members.notYourself') : undefined}>
              {disabled ? (
                <Button type="link" size="small" onClick={() => void handleStatus(user, false)}>
                  {t('members.enable')}
                </Button>
              ) : (
                <Popconfirm
                  title={t('sysUsers.disableConfirm', { name: user.name || user.userName })}
                  description={t('sysUsers.disableHint')}
                  okText={t('members.disable')}
                  okButtonProps={{ danger: true }}
                  disabled={self}
                  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm keeps its OK button loading until the returned promise settles (antd ActionButton)
                  onConfirm={() => handleStatus(user, true)}
                >
                  <Button type="link" size="small" danger disabled={self}>
                    {t('members.disable')}
                  </Button>
                </Popconfirm>
              )}
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader
        title={t('sysUsers.title')}
        description={t('sysUsers.description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('sysUsers.create.open')}
          </Button>
        }
      />
      <Card>
        <div className="sd-page__toolbar">
          <Input.Search
            allowClear
            enterButton
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => setParams((current) => ({ ...current, pageNum: 1, keyword: value.trim() || undefined }))}
            placeholder={t('sysUsers.searchPlaceholder')}
            aria-label={t('sysUsers.searchPlaceholder')}
            style={{ maxWidth: 320 }}
          />
          <CompanySelect
            value={params.companyId}
            onChange={(companyId) => setParams((current) => ({ ...current, pageNum: 1, companyId }))}
            placeholder={t('sysUsers.allCompanies')}
            aria-label={t('sysUsers.companyFilter')}
            style={{ width: 220 }}
          />
        </div>
        <Table<SysUserItem>
          rowKey="userId"
          columns={columns}
          dataSource={users.data?.list}
          loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
          scroll={{ x: 1100 }}
          pagination={{
            current: params.pageNum,
            pageSize: params.pageSize,
            total: users.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('sysUsers.total', { count: total }),
            onChange: (pageNum, pageSize) => setParams((current) => ({ ...current, pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize })),
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sysUsers.empty')} /> }}
        />
      </Card>
      <SysUserCreateModal open={creating} onClose={() => setCreating(false)} />
      <SysUserEditModal user={editing} onClose={() => setEditing(null)} />
      <SysUserPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
