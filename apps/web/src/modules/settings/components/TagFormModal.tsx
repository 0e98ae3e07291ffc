import { Form, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultTagColor, limits, tagColorPattern, tagColorSchema, tagNameSchema, validationMessage } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { NameField } from '@/shared/forms/NameField';
import type { TagValues } from '../api/addTag';
import { ColorField } from './ColorField';

interface TagFormModalProps extends FormDialogProps<TagValues> {
  title: string;
  initialValues?: TagValues;
}

/** Name and colour of a tag, with a preview (Enter in the name saves). */
export function TagFormModal({ title, initialValues, saving, onSubmit, onCancel }: TagFormModalProps) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const [form] = Form.useForm<TagValues>();
  const name = Form.useWatch('name', form);
  const color = Form.useWatch('color', form);

  const handleFinish = (values: TagValues) => onSubmit({ name: values.name.trim(), color: values.color.toUpperCase() });
  return (
    <FormModal<TagValues> title={title} form={form} width={460} confirmLoading={saving} initialValues={initialValues ?? { name: '', color: defaultTagColor }} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <NameField schema={tagNameSchema} label={t('tags.name')} max={limits.generalNameLength} placeholder={t('tags.namePlaceholder')} autoFocus />
      <Form.Item
        name="color"
        label={t('tags.color')}
        extra={t('tags.colorHint')}
        rules={[{ required: true, message: validationMessage('validation.required', locale) ?? '' }, domainRule(tagColorSchema, t)]}
      >
        <ColorField presetsLabel={t('tags.presets')} pickerLabel={t('tags.pickColor')} />
      </Form.Item>
      <div className="sd-tag-preview">
        <span className="sd-muted">{t('tags.preview')}</span>
        <Tag color={color && tagColorPattern.test(color) ? color : defaultTagColor}>{name?.trim() || t('tags.previewName')}</Tag>
      </div>
    </FormModal>
  );
}
