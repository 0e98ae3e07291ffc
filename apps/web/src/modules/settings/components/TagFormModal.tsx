import { ColorPicker, Form, Input, Tag } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useTranslation } from 'react-i18next';
import { defaultTagColor, limits, tagColorSchema, tagNameSchema, validationMessage } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { zodRule } from '@/shared/forms/zodRule';
import { useLocale } from '@/shared/i18n/useLocale';
import type { TagValues } from '../api/addTag';

/** Colours offered at a click (antd's palette); any other is a pick or a hex code away. */
const PRESET_COLORS = ['#1677FF', '#13C2C2', '#52C41A', '#FAAD14', '#FA8C16', '#F5222D', '#EB2F96', '#722ED1', '#2F54EB', '#8C8C8C'];

interface TagFormModalProps {
  title: string;
  initialValues?: TagValues;
  saving: boolean;
  onSubmit: (values: TagValues) => void;
  onCancel: () => void;
}

/** Name and colour of a tag, with a preview (Enter in the name saves). */
export function TagFormModal({ title, initialValues, saving, onSubmit, onCancel }: TagFormModalProps) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const [form] = Form.useForm<TagValues>();
  const name = Form.useWatch('name', form);
  const color = Form.useWatch('color', form);

  return (
    <FormModal<TagValues>
      open
      title={title}
      form={form}
      width={460}
      confirmLoading={saving}
      initialValues={initialValues ?? { name: '', color: defaultTagColor }}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={(values) => onSubmit({ name: values.name.trim(), color: values.color.toUpperCase() })}
    >
      <Form.Item
        name="name"
        label={t('tags.name')}
        rules={[
          { required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' },
          zodRule(tagNameSchema, t),
        ]}
      >
        <Input autoFocus maxLength={limits.generalNameLength} showCount placeholder={t('tags.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="color"
        label={t('tags.color')}
        getValueFromEvent={(value: Color) => value.toHexString().toUpperCase()}
        rules={[{ required: true, message: validationMessage('validation.required', locale) ?? '' }, zodRule(tagColorSchema, t)]}
      >
        <ColorPicker
          format="hex"
          disabledAlpha
          showText={(value) => value.toHexString().toUpperCase()}
          presets={[{ label: t('tags.presets'), colors: PRESET_COLORS }]}
          aria-label={t('tags.color')}
        />
      </Form.Item>
      <div className="sd-tag-preview">
        <span className="sd-muted">{t('tags.preview')}</span>
        <Tag color={color || defaultTagColor}>{name?.trim() || t('tags.previewName')}</Tag>
      </div>
    </FormModal>
  );
}
