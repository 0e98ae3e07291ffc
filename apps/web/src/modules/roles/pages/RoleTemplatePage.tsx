import { type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleTemplateItem } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useEditDialog } from '@/shared/hooks/useEditDialog';
import { useLocale } from '@/shared/i18n/useLocale';
import type { RoleValues } from '../api/addRole';
import { useAddRoleTemplateMutation } from '../api/addRoleTemplate';
import { useDeleteRoleTemplateMutation } from '../api/deleteRoleTemplate';
import { useRoleTemplateListQuery } from '../api/getRoleTemplateList';
import { useUpdateRoleTemplateMutation } from '../api/updateRoleTemplate';
import { RoleFormModal } from '../components/RoleFormModal';
import { roleCodeColumns } from '../components/roleColumns';
import '../roles.css';

/**
 * /systemMaintenance/systemrole (platform administrator): role templates that company
 * administrators start their roles from. Templates never carry system maintenance codes.
 */
export function RoleTemplatePage() {
  const { t } = useTranslation(['roles', 'texts']);
  const locale = useLocale();
  const templates = useRoleTemplateListQuery();
  const addTemplate = useAddRoleTemplateMutation();
  const updateTemplate = useUpdateRoleTemplateMutation();
  const deleteTemplate = useDeleteRoleTemplateMutation();
  const dialog = useEditDialog(addTemplate, updateTemplate, (template: RoleTemplateItem, values: RoleValues) => ({ id: template.id, ...values }));

  const columns: TableColumnsType<RoleTemplateItem> = [
    { title: t('templates.name'), dataIndex: 'name', key: 'name', width: 200, ellipsis: true, render: (name: string) => <strong>{name}</strong> },
    ...roleCodeColumns<RoleTemplateItem>(t, locale),
    timeColumn(t('columns.createdAt'), 'createdAt', { width: 180 }),
    actionsColumn(t('columns.actions'), (template) => [
      { kind: 'edit', name: template.name, onClick: () => dialog.edit(template) },
      {
        kind: 'delete',
        name: template.name,
        confirm: { title: t('templates.deleteTitle', { name: template.name }), content: t('templates.deleteContent'), onDelete: () => deleteTemplate.mutateAsync(template.id) },
      },
    ]),
  ];

  const editing = dialog.row;
  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader title={t('templates.title')} description={t('templates.description')} actions={<AddButton label={t('templates.create')} onClick={dialog.create} />} />
      <ListCard<RoleTemplateItem> columns={columns} query={templates}
        loading={templates.isPending}
        texts={{ search: t('templates.search'), empty: t('templates.empty'), noMatch: t('emptySearch'), total: (count) => t('templates.total', { count }) }}
        // The other columns take 660 px: the sections column keeps about 300 px for its tags on a narrow screen.
        scrollX={980}
      />
      {dialog.open && (
        <RoleFormModal
          {...dialog.modal}
          open
          title={editing ? t('templates.editTitle', { name: editing.name }) : t('templates.createTitle')}
          initialValues={editing ? { name: editing.name, codes: editing.codes } : undefined}
        />
      )}
    </div>
  );
}
