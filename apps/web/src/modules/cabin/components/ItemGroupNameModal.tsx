import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { itemGroupInput, limits, validationMessage } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';

interface ItemGroupNameModalProps {
  saving: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** A new item group's name; its data items are chosen on its settings page. */
export function ItemGroupNameModal({ saving, onSubmit, onCancel }: ItemGroupNameModalProps) {
  const { t } = useTranslation('cabin');
  const locale = useLocale();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormModal<{ name: string }>
      open
      title={t('itemGroups.createTitle')}
      form={form}
      width={480}
      confirmLoading={saving}
      okText={t('actions.create')}
      onCancel={onCancel}
      onFinish={({ name }) => onSubmit(name.trim())}
    >
      <Form.Item
        name="name"
        label={t('itemGroups.name')}
        extra={t('itemGroups.nameHint')}
        rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(itemGroupInput.shape.name, t)]}
      >
        <Input autoFocus showCount={{ formatter: ({ count }) => `${count} / ${limits.generalNameLength}` }} />
      </Form.Item>
    </FormModal>
  );
}
