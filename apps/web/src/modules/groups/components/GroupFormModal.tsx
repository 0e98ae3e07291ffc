import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupLimits, limits, nameSchema, validationMessage } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import type { GroupValues } from '../api/addGroup';

interface GroupFormModalProps {
  title: string;
  initialValues?: GroupValues;
  saving: boolean;
  onSubmit: (values: GroupValues) => void;
  onCancel: () => void;
}

/** Name and remark of a group (Enter in the name saves). */
export function GroupFormModal({ title, initialValues, saving, onSubmit, onCancel }: GroupFormModalProps) {
  const { t } = useTranslation('groups');
  const locale = useLocale();
  const [form] = Form.useForm<GroupValues>();
  return (
    <FormModal<GroupValues>
      open
      title={title}
      form={form}
      width={480}
      confirmLoading={saving}
      initialValues={initialValues}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={({ name, remark }) => onSubmit({ name: name.trim(), remark: remark?.trim() ?? '' })}
    >
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[
          { required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' },
          domainRule(nameSchema, t),
        ]}
      >
        <Input autoFocus maxLength={limits.generalNameLength} showCount placeholder={t('fields.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="remark" label={t('fields.remark')}>
        <Input.TextArea maxLength={groupLimits.remarkLength} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('fields.remarkPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
