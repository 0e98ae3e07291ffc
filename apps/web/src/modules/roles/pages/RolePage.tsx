import { useMemo, useState } from 'react';
import { Button, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { useLocale } from '@/shared/i18n/useLocale';
import { useSessionStore } from '@/shared/session/sessionStore';
import { filterByName } from '@/shared/utils/filterByName';
import { formatDateTime } from '@/shared/utils/formatTime';
import type { RoleValues } from '../api/addRole';
import { useAddRoleMutation } from '../api/addRole';
import { useDeleteRoleMutation } from '../api/deleteRole';
import { useRoleListQuery } from '../api/getRoleList';
import { useRoleTemplateListQuery } from '../api/getRoleTemplateList';
import { useUpdateRoleMutation } from '../api/updateRole';
import { pageCodeCount, sectionsOf } from '../components/permissionCodes';
import { RoleFormModal } from '../components/RoleFormModal';
import '../roles.css';

type Editing = { mode: 'create' } | { mode: 'template' } | { mode: 'edit'; role: RoleItem };

/** /userManagement/role: the company's roles, their members and permission codes. */
export function RolePage() {
  const { t } = useTranslation(['roles', 'texts']);
  const locale = useLocale();
  const isPlatform = useSessionStore((state) => state.company?.isPlatform ?? false);
  const roles = useRoleListQuery();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const templates = useRoleTemplateListQuery({ enabled: editing?.mode === 'template' });
  const addRole = useAddRoleMutation();
  const updateRole = useUpdateRoleMutation();
  const deleteRole = useDeleteRoleMutation();

  const rows = useMemo(() => filterByName(roles.data ?? [], keyword), [roles.data, keyword]);
  const { save, confirmDelete } = useListActions();

  const handleSubmit = (values: RoleValues) =>
    save(
      () => (editing?.mode === 'edit' ? updateRole.mutateAsync({ id: editing.role.id, ...values }) : addRole.mutateAsync(values)),
      () => setEditing(null),
    );

  const handleDelete = (role: RoleItem) =>
    confirmDelete({
      title: t('delete.title', { name: role.name }),
      content: role.memberCount > 0 ? t('delete.held', { count: role.memberCount }) : t('delete.content'),
      okText: t('actions.delete'),
      onDelete: () => deleteRole.mutateAsync(role.id),
    });

  const columns: TableColumnsType<RoleItem> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', width: 200, ellipsis: true, render: (name: string) => <strong>{name}</strong> },
    {
      title: t('columns.sections'),
      key: 'sections',
      render: (_value, role) => {
        const sections = sectionsOf(role.codes);
        return sections.length === 0 ? (
          <span className="sd-muted">{t('columns.noCodes')}</span>
        ) : (
          <span className="sd-role-sections">
            {sections.map((section) => (
              <Tag key={section.code}>{section.title[locale]}</Tag>
            ))}
          </span>
        );
      },
    },
    {
      title: t('columns.pages'),
      key: 'pages',
      width: 110,
      align: 'right',
      render: (_value, role) => pageCodeCount(role.codes),
    },
    { title: t('columns.members'), dataIndex: 'memberCount', key: 'memberCount', width: 110, align: 'right' },
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
      width: 170,
      render: (_value, role) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', role })} aria-label={t('actions.editNamed', { name: role.name })}>
            {t('actions.edit')}
          </Button>
          <Tooltip title={role.memberCount > 0 ? t('delete.heldHint', { count: role.memberCount }) : undefined}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(role)} aria-label={t('actions.deleteNamed', { name: role.name })}>
              {t('actions.delete')}
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  const modalTitle =
    editing?.mode === 'edit' ? t('form.editTitle', { name: editing.role.name }) : editing?.mode === 'template' ? t('form.fromTemplateTitle') : t('form.createTitle');

  return (
    <div className="sd-page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button icon={<SnippetsOutlined />} onClick={() => setEditing({ mode: 'template' })}>
              {t('actions.fromTemplate')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
              {t('actions.create')}
            </Button>
          </>
        }
      />
      <ListCard<RoleItem>
        rowKey="id"
        columns={columns}
        rows={rows}
        loading={roles.isPending}
        pending={roles.isPending}
        keyword={keyword}
        searchPlaceholder={t('search')}
        onSearch={setKeyword}
        empty={{ text: t('empty'), searchText: t('emptySearch') }}
        // The other columns take 770 px: the sections column keeps about 300 px for its tags on a narrow screen.
        scrollX={1080}
        toolbar={
          <>
            <span className="sd-page__toolbar-spacer" />
            {roles.data && <span className="sd-muted">{t('total', { count: roles.data.length })}</span>}
          </>
        }
      />
      {editing && (
        <RoleFormModal
          open
          title={modalTitle}
          initialValues={editing.mode === 'edit' ? { name: editing.role.name, codes: editing.role.codes } : undefined}
          templates={editing.mode === 'template' ? (templates.data ?? []) : undefined}
          templatesLoading={templates.isPending}
          includePlatformCodes={isPlatform}
          saving={addRole.isPending || updateRole.isPending}
          onSubmit={(values) => void handleSubmit(values)}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
