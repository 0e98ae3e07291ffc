import { useMemo, useState } from 'react';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoleTemplateItem } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { useLocale } from '@/shared/i18n/useLocale';
import { filterByName } from '@/shared/utils/filterByName';
import { formatDateTime } from '@/shared/utils/formatTime';
import type { RoleValues } from '../api/addRole';
import { useAddRoleTemplateMutation } from '../api/addRoleTemplate';
import { useDeleteRoleTemplateMutation } from '../api/deleteRoleTemplate';
import { useRoleTemplateListQuery } from '../api/getRoleTemplateList';
import { useUpdateRoleTemplateMutation } from '../api/updateRoleTemplate';
import { pageCodeCount, sectionsOf } from '../components/permissionCodes';
import { RoleFormModal } from '../components/RoleFormModal';
import '../roles.css';

type Editing = { mode: 'create' } | { mode: 'edit'; template: RoleTemplateItem };

/**
 * /systemMaintenance/systemrole (platform administrator): role templates that company
 * administrators start their roles from. Templates never carry system maintenance codes.
 */
export function RoleTemplatePage() {
  const { t } = useTranslation(['roles', 'texts']);
  const locale = useLocale();
  const templates = useRoleTemplateListQuery();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const addTemplate = useAddRoleTemplateMutation();
  const updateTemplate = useUpdateRoleTemplateMutation();
  const deleteTemplate = useDeleteRoleTemplateMutation();

  const rows = useMemo(() => filterByName(templates.data ?? [], keyword), [templates.data, keyword]);
  const { save, confirmDelete } = useListActions();

  const handleSubmit = (values: RoleValues) =>
    save(
      () => (editing?.mode === 'edit' ? updateTemplate.mutateAsync({ id: editing.template.id, ...values }) : addTemplate.mutateAsync(values)),
      () => setEditing(null),
    );

  const handleDelete = (template: RoleTemplateItem) =>
    confirmDelete({
      title: t('templates.deleteTitle', { name: template.name }),
      content: t('templates.deleteContent'),
      okText: t('actions.delete'),
      onDelete: () => deleteTemplate.mutateAsync(template.id),
    });

  const columns: TableColumnsType<RoleTemplateItem> = [
    { title: t('templates.name'), dataIndex: 'name', key: 'name', width: 200, ellipsis: true, render: (name: string) => <strong>{name}</strong> },
    {
      title: t('columns.sections'),
      key: 'sections',
      render: (_value, template) => {
        const sections = sectionsOf(template.codes);
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
    { title: t('columns.pages'), key: 'pages', width: 110, align: 'right', render: (_value, template) => pageCodeCount(template.codes) },
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
      render: (_value, template) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', template })} aria-label={t('actions.editNamed', { name: template.name })}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(template)} aria-label={t('actions.deleteNamed', { name: template.name })}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader
        title={t('templates.title')}
        description={t('templates.description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('templates.create')}
          </Button>
        }
      />
      <ListCard<RoleTemplateItem>
        rowKey="id"
        columns={columns}
        rows={rows}
        loading={templates.isPending}
        pending={templates.isPending}
        keyword={keyword}
        searchPlaceholder={t('templates.search')}
        onSearch={setKeyword}
        empty={{ text: t('templates.empty'), searchText: t('emptySearch') }}
        // The other columns take 660 px: the sections column keeps about 300 px for its tags on a narrow screen.
        scrollX={980}
        toolbar={
          <>
            <span className="sd-page__toolbar-spacer" />
            {templates.data && <span className="sd-muted">{t('templates.total', { count: templates.data.length })}</span>}
          </>
        }
      />
      {editing && (
        <RoleFormModal
          open
          title={editing.mode === 'edit' ? t('templates.editTitle', { name: editing.template.name }) : t('templates.createTitle')}
          initialValues={editing.mode === 'edit' ? { name: editing.template.name, codes: editing.template.codes } : undefined}
          saving={addTemplate.isPending || updateTemplate.isPending}
          onSubmit={(values) => void handleSubmit(values)}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
