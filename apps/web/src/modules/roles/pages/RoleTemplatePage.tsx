import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoleTemplateItem } from '@smartdata/domain';
import { SectionLinks } from '@/app/layout/SectionLinks';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
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
  const { message, modal } = App.useApp();
  const templates = useRoleTemplateListQuery();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const addTemplate = useAddRoleTemplateMutation();
  const updateTemplate = useUpdateRoleTemplateMutation();
  const deleteTemplate = useDeleteRoleTemplateMutation();

  const rows = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    const list = templates.data ?? [];
    return needle ? list.filter((template) => template.name.toLowerCase().includes(needle)) : list;
  }, [templates.data, keyword]);

  const handleSubmit = async (values: RoleValues) => {
    try {
      if (editing?.mode === 'edit') {
        await updateTemplate.mutateAsync({ id: editing.template.id, ...values });
      } else {
        await addTemplate.mutateAsync(values);
      }
      setEditing(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };

  const handleDelete = (template: RoleTemplateItem) => {
    void modal.confirm({
      title: t('templates.deleteTitle', { name: template.name }),
      content: t('templates.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      autoFocusButton: 'ok',
      onOk: async () => {
        try {
          await deleteTemplate.mutateAsync(template.id);
          void message.success(t('texts:deleteSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });
  };

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
      <Card>
        <div className="sd-page__toolbar">
          <Input.Search
            allowClear
            placeholder={t('templates.search')}
            aria-label={t('templates.search')}
            style={{ width: 260 }}
            onSearch={setKeyword}
            onChange={(event) => event.target.value === '' && setKeyword('')}
          />
          <span className="sd-page__toolbar-spacer" />
          {templates.data && <span className="sd-muted">{t('templates.total', { count: templates.data.length })}</span>}
        </div>
        <Table<RoleTemplateItem>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={templates.isPending}
          pagination={{ defaultPageSize: 10, showSizeChanger: true, hideOnSinglePage: true }}
          scroll={{ x: 760 }}
          locale={{
            emptyText: templates.isPending ? ' ' : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('emptySearch') : t('templates.empty')} />
            ),
          }}
        />
      </Card>
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
