import { useState } from 'react';
import { App, Button, Empty, Space, Table } from 'antd';
import { DeleteOutlined, EditOutlined, FormOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatInstant, type DataItemDetail, type FormDesign, type FormItem } from '@smartdata/domain';
import { useAddFormMutation } from '../../api/addForm';
import { useDeleteFormMutation } from '../../api/deleteForm';
import { useUpdateFormMutation } from '../../api/updateForm';
import { formPagePath } from '@/shared/routing/dataItemPaths';
import { FormDesigner } from './FormDesigner';

interface FormsTabProps {
  item: DataItemDetail;
  canWrite: boolean;
  timeZone: string;
}

type Designing = { mode: 'create' } | { mode: 'edit'; form: FormItem };

/** The item's forms: a list, and the designer for a new or an existing one. */
export function FormsTab({ item, canWrite, timeZone }: FormsTabProps) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [designing, setDesigning] = useState<Designing | null>(null);
  const addForm = useAddFormMutation();
  const updateForm = useUpdateFormMutation();
  const deleteForm = useDeleteFormMutation();

  const handleSave = async (name: string, design: FormDesign) => {
    try {
      if (designing?.mode === 'edit') {
        await updateForm.mutateAsync({ id: designing.form.id, name, design });
      } else {
        await addForm.mutateAsync({ itemId: item.id, name, design });
      }
      setDesigning(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the designer stays open.
    }
  };

  const handleDelete = (form: FormItem) => {
    void modal.confirm({
      title: t('forms.deleteTitle', { name: form.name }),
      content: t('forms.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteForm.mutateAsync(form.id);
          void message.success(t('texts:deleteSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });
  };

  if (designing) {
    const requiredFields = item.fields.filter((f) => f.required);
    const initialDesign: FormDesign =
      designing.mode === 'edit' ? designing.form.design : { elements: [] };
    return (
      <FormDesigner
        fields={item.fields}
        initialName={designing.mode === 'edit' ? designing.form.name : t('forms.defaultName', { name: item.name }).slice(0, 25)}
        initialDesign={initialDesign}
        timeZone={timeZone}
        saving={addForm.isPending || updateForm.isPending}
        onSave={(name, design) => void handleSave(name, design)}
        onCancel={() => setDesigning(null)}
        key={designing.mode === 'edit' ? designing.form.id : `new-${requiredFields.length}`}
      />
    );
  }

  return (
    <>
      <div className="sd-page__toolbar">
        <span className="sd-muted">{t('forms.description')}</span>
        <span className="sd-page__toolbar-spacer" />
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigning({ mode: 'create' })}>
            {t('forms.add')}
          </Button>
        )}
      </div>
      <Table<FormItem>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={item.forms}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('forms.empty')} /> }}
        columns={[
          { key: 'name', title: t('forms.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
          { key: 'elements', title: t('forms.elements'), width: 120, align: 'right', render: (_v, form) => form.design.elements.length },
          { key: 'updatedAt', title: t('forms.updatedAt'), width: 190, className: 'sd-nowrap', render: (_v, form) => formatInstant(form.updatedAt, 'datetime', timeZone) },
          {
            key: 'actions',
            title: t('columns.actions'),
            width: 260,
            render: (_v, form) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<FormOutlined />} onClick={() => void navigate(formPagePath(item, form.id))}>
                  {t('forms.fill')}
                </Button>
                {canWrite && (
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDesigning({ mode: 'edit', form })} aria-label={t('forms.designNamed', { name: form.name })}>
                    {t('forms.design')}
                  </Button>
                )}
                {canWrite && (
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => handleDelete(form)} aria-label={t('forms.deleteNamed', { name: form.name })}>
                    {t('actions.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
