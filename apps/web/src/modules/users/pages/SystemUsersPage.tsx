import { useState } from 'react';
import { App, Button, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SysUserItem } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { CompanySelect } from '@/modules/system/components/CompanySelect';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useSessionStore } from '@/shared/session/sessionStore';
import { useSysUserListQuery } from '../api/getSysUserList';
import { useUpdateSysUserMutation } from '../api/updateSysUser';
import { MemberStatusTag } from '../components/MemberStatusTag';
import { NameTags } from '../components/NameTags';
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
  const paged = usePagedList<{ companyId?: number }>(PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SysUserItem | null>(null);
  const [resetting, setResetting] = useState<SysUserItem | null>(null);
  const users = useSysUserListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined, companyId: paged.filters.companyId });
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
      render: (_value, user) => <NameTags tags={user.companies.map((company) => ({ key: String(company.companyId), name: company.displayName }))} none={t('sysUsers.noCompany')} />,
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
    timeColumn(t('sysUsers.columns.createdAt'), 'createdAt'),
    actionsColumn(
      t('columns.actions'),
      (user) => {
        const self = String(user.userId) === String(currentUserId);
        const notYourself = self ? t('members.notYourself') : undefined;
        return [
          { key: 'edit', label: t('actions.edit'), onClick: () => setEditing(user) },
          { key: 'password', label: t('sysUsers.resetPassword'), onClick: () => setResetting(user) },
          user.status === 'disabled'
            ? { key: 'enable', label: t('members.enable'), tooltip: notYourself, onClick: () => void handleStatus(user, false) }
            : {
                key: 'disable',
                label: t('members.disable'),
                danger: true,
                disabled: self,
                tooltip: notYourself,
                popconfirm: {
                  title: t('sysUsers.disableConfirm', { name: user.name || user.userName }),
                  description: t('sysUsers.disableHint'),
                  okText: t('members.disable'),
                  onConfirm: () => handleStatus(user, true),
                },
              },
        ];
      },
      { width: 230, wrap: true },
    ),
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
      <ListCard<SysUserItem> rowKey="userId" columns={columns} query={users} paged={paged} pageSizes={[10, 20, 50, 100]} scrollX={1100}
        loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
        // The platform has users from the start: the list is empty only when the search finds none.
        texts={{ search: t('sysUsers.searchPlaceholder'), total: (count) => t('sysUsers.total', { count }), empty: t('sysUsers.empty'), noMatch: t('sysUsers.empty') }}
        toolbar={
          <CompanySelect
            value={paged.filters.companyId}
            onChange={(companyId) => paged.filter({ companyId })}
            placeholder={t('sysUsers.allCompanies')}
            aria-label={t('sysUsers.companyFilter')}
            style={{ width: 220 }}
          />
        }
      />
      <SysUserCreateModal open={creating} onClose={() => setCreating(false)} />
      <SysUserEditModal user={editing} onClose={() => setEditing(null)} />
      <SysUserPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
