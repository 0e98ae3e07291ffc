import { useState } from 'react';
import { Button, type TableColumnsType } from 'antd';
import { SnippetsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { useLocale } from '@/shared/i18n/useLocale';
import { useSessionStore } from '@/shared/session/sessionStore';
import type { RoleValues } from '../api/addRole';
import { useAddRoleMutation } from '../api/addRole';
import { useDeleteRoleMutation } from '../api/deleteRole';
import { useRoleListQuery } from '../api/getRoleList';
import { useRoleTemplateListQuery } from '../api/getRoleTemplateList';
import { useUpdateRoleMutation } from '../api/updateRole';
import { RoleFormModal } from '../components/RoleFormModal';
import { roleCodeColumns } from '../components/roleColumns';
import '../roles.css';

/** /userManagement/role: the company's roles, their members and permission codes. */
export function RolePage() {
  const { t } = useTranslation(['roles', 'texts']);
  const locale = useLocale();
  const isPlatform = useSessionStore((state) => state.company?.isPlatform ?? false);
  const roles = useRoleListQuery();
  const addRole = useAddRoleMutation();
  const updateRole = useUpdateRoleMutation();
  const deleteRole = useDeleteRoleMutation();
  const dialog = useEditDialog(addRole, updateRole, (role: RoleItem, values: RoleValues) => ({ id: role.id, ...values }));
  // A new role starts empty or from a template: the dialog then offers the platform's templates.
  const [fromTemplate, setFromTemplate] = useState(false);
  const templates = useRoleTemplateListQuery({ enabled: dialog.open && fromTemplate });
  const create = (withTemplate: boolean) => {
    setFromTemplate(withTemplate);
    dialog.create();
  };

  const columns: TableColumnsType<RoleItem> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', width: 200, ellipsis: true, render: (name: string) => <strong>{name}</strong> },
    ...roleCodeColumns<RoleItem>(t, locale),
    { title: t('columns.members'), dataIndex: 'memberCount', key: 'memberCount', width: 110, align: 'right' },
    timeColumn(t('columns.createdAt'), 'createdAt', { width: 180 }),
    actionsColumn(t('columns.actions'), (role) => [
      { kind: 'edit', name: role.name, onClick: () => dialog.edit(role) },
      {
        kind: 'delete',
        name: role.name,
        tooltip: role.memberCount > 0 ? t('delete.heldHint', { count: role.memberCount }) : undefined,
        confirm: {
          title: t('delete.title', { name: role.name }),
          content: role.memberCount > 0 ? t('delete.held', { count: role.memberCount }) : t('delete.content'),
          onDelete: () => deleteRole.mutateAsync(role.id),
        },
      },
    ]),
  ];

  const editing = dialog.row;
  const withTemplates = !editing && fromTemplate;
  const modalTitle = editing ? t('form.editTitle', { name: editing.name }) : withTemplates ? t('form.fromTemplateTitle') : t('form.createTitle');

  return (
    <div className="sd-page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button icon={<SnippetsOutlined />} onClick={() => create(true)}>
              {t('actions.fromTemplate')}
            </Button>
            <AddButton label={t('actions.create')} onClick={() => create(false)} />
          </>
        }
      />
      <ListCard<RoleItem> columns={columns} query={roles}
        loading={roles.isPending}
        texts={{ search: t('search'), empty: t('empty'), noMatch: t('emptySearch'), total: (count) => t('total', { count }) }}
        // The other columns take 770 px: the sections column keeps about 300 px for its tags on a narrow screen.
        scrollX={1080}
      />
      {dialog.open && (
        <RoleFormModal
          {...dialog.modal}
          open
          title={modalTitle}
          initialValues={editing ? { name: editing.name, codes: editing.codes } : undefined}
          templates={withTemplates ? (templates.data ?? []) : undefined}
          templatesLoading={templates.isPending}
          includePlatformCodes={isPlatform}
        />
      )}
    </div>
  );
}
