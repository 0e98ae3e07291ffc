import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Select, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, recordPlaceholders, templateLimits, type ContentTemplate } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { AddButton } from '@/shared/components/list/AddButton';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import { useContentTemplatesQuery, useDeleteContentTemplateMutation, useSaveContentTemplateMutation } from '../api/contentTemplates';
import '../templates.css';

interface FormValues {
  name: string;
  itemId: number | null;
  content: string;
}

/**
 * /smartdata/contenttemplate: the company's content templates (内容模板) — named texts with
 * `{{placeholders}}` for a record's fields and facts, filled for a record when a notification is
 * composed (docs/templates.md).
 */
export function ContentTemplatesPage() {
  const { t } = useTranslation('templates');
  const list = useContentTemplatesQuery();
  const remove = useDeleteContentTemplateMutation();
  const [editing, setEditing] = useState<ContentTemplate | 'new' | null>(null);

  const columns: TableColumnsType<ContentTemplate> = [
    { key: 'name', title: t('content.columns.name'), width: 180, render: (_v, row) => row.name },
    { key: 'item', title: t('content.columns.item'), width: 160, responsive: ['md'], render: (_v, row) => (row.itemName ? <Tag>{row.itemName}</Tag> : <Typography.Text type="secondary">{t('content.anyItem')}</Typography.Text>) },
    { key: 'content', title: t('content.columns.content'), render: (_v, row) => <Typography.Paragraph className="tpl-content-preview" ellipsis={{ rows: 2 }}>{row.content}</Typography.Paragraph> },
    { ...timeColumn<ContentTemplate>(t('content.columns.updatedAt'), 'updatedAt'), responsive: ['lg'] },
    actionsColumn(t('content.columns.actions'), (row) => [
      { kind: 'edit', name: row.name, ariaLabel: t('content.editNamed', { name: row.name }), onClick: () => setEditing(row) },
      { kind: 'delete', name: row.name, ariaLabel: t('content.deleteNamed', { name: row.name }), confirm: { title: t('content.deleteTitle', { name: row.name }), done: t('content.deleted'), onDelete: () => remove.mutateAsync(row.id) } },
    ]),
  ];

  return (
    <div className="sd-page">
      <PageHeader title={t('content.title')} description={t('content.description', { example: '{{temp}}' })} actions={<AddButton label={t('content.create')} onClick={() => setEditing('new')} />} />
      <Card>
        {list.isPending ? (
          <Skeleton active />
        ) : (
          <Table rowKey="id" size="middle" columns={columns} dataSource={list.data?.list ?? []} pagination={{ hideOnSinglePage: true, pageSize: 20 }} scroll={{ x: 640 }} locale={{ emptyText: <Empty description={t('content.empty')} /> }} />
        )}
      </Card>
      {editing && <ContentTemplateModal template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function ContentTemplateModal({ template, onClose }: { template: ContentTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveContentTemplateMutation();
  const items = useDataItemListQuery();
  const itemId = Form.useWatch('itemId', form) ?? null;
  const item = useDataItemQuery(itemId ?? 0);
  const placeholders = useMemo(
    () => [...(itemId ? (item.data?.fields ?? []).map((f) => ({ key: f.fieldName, label: f.name })) : []), ...recordPlaceholders.map((key) => ({ key, label: t(`facts.${key.slice(1)}`) }))],
    [itemId, item.data?.fields, t],
  );

  const insert = (key: string) => {
    const current = (form.getFieldValue('content') as string | undefined) ?? '';
    form.setFieldValue('content', `${current}{{${key}}}`);
  };

  const handleFinish = async (values: FormValues) => {
    const request = { name: values.name, itemId: values.itemId ?? null, content: values.content };
    await save.mutateAsync(template ? { id: template.id, ...request } : request);
    void message.success(t('content.saved'));
    onClose();
  };

  return (
    <FormModal<FormValues>
      open
      title={template ? t('content.editTitle', { name: template.name }) : t('content.createTitle')}
      form={form}
      width={640}
      okText={t('editor.save')}
      confirmLoading={save.isPending}
      initialValues={{ name: template?.name ?? '', itemId: template?.itemId ?? null, content: template?.content ?? '' }}
      onFinish={(values) => void handleFinish(values)}
      onCancel={onClose}
    >
      <Form.Item
        name="name"
        label={t('content.fields.name')}
        rules={[
          { required: true, whitespace: true, message: t('editor.nameRequired') },
          { max: limits.generalNameLength, message: t('editor.nameTooLong', { max: limits.generalNameLength }) },
        ]}
      >
        <Input maxLength={limits.generalNameLength} placeholder={t('content.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="itemId" label={t('content.fields.item')} extra={t('content.itemHint')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('content.anyItem')}
          loading={items.isPending}
          options={(items.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }))}
          aria-label={t('content.fields.item')}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('content.fields.content')}
        rules={[{ required: true, whitespace: true, message: t('content.contentRequired') }]}
        extra={
          <div className="tpl-content-chips">
            <span>{t('content.insert')}</span>
            {placeholders.map((p) => (
              <Button key={p.key} size="small" onClick={() => insert(p.key)}>
                {p.label}
              </Button>
            ))}
          </div>
        }
      >
        <Input.TextArea rows={5} maxLength={templateLimits.contentLength} showCount placeholder={t('content.contentPlaceholder', { item: '{{@itemName}}', temp: '{{temp}}' })} />
      </Form.Item>
    </FormModal>
  );
}
