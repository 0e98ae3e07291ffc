import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupLimits, limits, nameSchema } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { NameField } from '@/shared/forms/NameField';
import type { GroupValues } from '../api/addGroup';

interface GroupFormModalProps extends FormDialogProps<GroupValues> {
  title: string;
  initialValues?: GroupValues;
}

/** Name and remark of a group (Enter in the name saves). */
export function GroupFormModal({ title, initialValues, saving, onSubmit, onCancel }: GroupFormModalProps) {
  const { t } = useTranslation('groups');
  const [form] = Form.useForm<GroupValues>();
  const handleFinish = ({ name, remark }: GroupValues) => onSubmit({ name: name.trim(), remark: remark?.trim() ?? '' });
  return (
    <FormModal<GroupValues> title={title} form={form} width={480} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <NameField schema={nameSchema} label={t('fields.name')} max={limits.generalNameLength} placeholder={t('fields.namePlaceholder')} autoFocus />
      <Form.Item name="remark" label={t('fields.remark')}>
        <Input.TextArea maxLength={groupLimits.remarkLength} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('fields.remarkPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
