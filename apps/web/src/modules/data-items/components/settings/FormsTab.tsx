import { useState } from 'react';
import { FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatInstant, type DataItemDetail, type FormDesign, type FormItem } from '@smartdata/domain';
import { useAddFormMutation } from '../../api/addForm';
import { useDeleteFormMutation } from '../../api/deleteForm';
import { useUpdateFormMutation } from '../../api/updateForm';
import { formPagePath } from '@/shared/routing/dataItemPaths';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useListActions } from '@/shared/hooks/useListActions';
import { FormDesigner } from './FormDesigner';
import { SettingsTable } from './SettingsTable';

interface FormsTabProps {
  item: DataItemDetail;
  canWrite: boolean;
  timeZone: string;
}

type Designing = { mode: 'create' } | { mode: 'edit'; form: FormItem };

/** The item's forms: a list, and the designer for a new or an existing one. */
export function FormsTab({ item, canWrite, timeZone }: FormsTabProps) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { save } = useListActions();
  const confirm = useConfirmAction();
  const navigate = useNavigate();
  const [designing, setDesigning] = useState<Designing | null>(null);
  const addForm = useAddFormMutation();
  const updateForm = useUpdateFormMutation();
  const deleteForm = useDeleteFormMutation();

  // On a refusal the API client shows it and the designer stays open.
  const handleSave = (name: string, design: FormDesign) =>
    void save(() => (designing?.mode === 'edit' ? updateForm.mutateAsync({ id: designing.form.id, name, design }) : addForm.mutateAsync({ itemId: item.id, name, design })), () => setDesigning(null));

  const handleDelete = (form: FormItem) => {
    confirm({
      title: t('forms.deleteTitle', { name: form.name }),
      content: t('forms.deleteContent'),
      okText: t('actions.delete'),
      run: () => deleteForm.mutateAsync(form.id),
      done: t('texts:deleteSuccess'),
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
        onSave={handleSave}
        onCancel={() => setDesigning(null)}
        key={designing.mode === 'edit' ? designing.form.id : `new-${requiredFields.length}`}
      />
    );
  }

  return (
    <>
      <SettingsTable<FormItem>
        section="forms"
        rows={item.forms}
        canWrite={canWrite}
        actionsWidth={260}
        onAdd={() => setDesigning({ mode: 'create' })}
        onEdit={(form) => setDesigning({ mode: 'edit', form })}
        onDelete={handleDelete}
        edit={{ label: t('forms.design'), namedKey: 'forms.designNamed' }}
        lead={(form) => ({ key: 'fill', label: t('forms.fill'), icon: <FormOutlined />, onClick: () => void navigate(formPagePath(item, form.id)) })}
        columns={[
          { key: 'name', title: t('forms.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
          { key: 'elements', title: t('forms.elements'), width: 120, align: 'right', render: (_v, form) => form.design.elements.length },
          { key: 'updatedAt', title: t('forms.updatedAt'), width: 190, className: 'sd-nowrap', render: (_v, form) => formatInstant(form.updatedAt, 'datetime', timeZone) },
        ]}
      />
    </>
  );
}
