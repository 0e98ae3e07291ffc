import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkFieldValue, type DataField, type RecordItem, type RecordValues } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { domainText } from '../lib/domainText';
import { fromEditorValue, toEditorValue, type EditorValue } from '../lib/recordValues';
import { FieldValueInput } from './FieldValueInput';

interface RecordFormModalProps {
  title: string;
  fields: readonly DataField[];
  /** The record edited, or none for a new one. */
  record?: RecordItem | null;
  timeZone: string;
  saving: boolean;
  onSubmit: (values: RecordValues) => void;
  onCancel: () => void;
}

/** An antd rule that checks a value with the domain's checkFieldValue, the server's own check. */
export function fieldValueRule(field: DataField, timeZone: string, locale: ReturnType<typeof useLocale>) {
  return {
    validator: async (_rule: unknown, value: EditorValue | undefined) => {
      const result = checkFieldValue(field, fromEditorValue(field, value, timeZone), timeZone);
      if (!result.ok) {
        throw new Error(domainText(`${result.key}|${field.name}`, locale));
      }
    },
  };
}

/**
 * Adds or edits a record: one input per field in column order, each checked like the server
 * checks it (a decimal refuses text, a required field refuses empty, pictures JPG/PNG ≤ 3MB).
 */
export function RecordFormModal({ title, fields, record, timeZone, saving, onSubmit, onCancel }: RecordFormModalProps) {
  const { t } = useTranslation('data-items');
  const locale = useLocale();
  const [form] = Form.useForm<Record<string, EditorValue>>();
  const initialValues = Object.fromEntries(fields.map((field) => [field.fieldName, toEditorValue(field, record?.values[field.fieldName], timeZone)]));

  const handleFinish = (editorValues: Record<string, EditorValue>) => {
    const values: RecordValues = {};
    for (const field of fields) {
      const result = checkFieldValue(field, fromEditorValue(field, editorValues[field.fieldName], timeZone), timeZone);
      values[field.fieldName] = result.ok ? result.value : null;
    }
    onSubmit(values);
  };

  return (
    <FormModal<Record<string, EditorValue>>
      open
      title={title}
      form={form}
      width={560}
      confirmLoading={saving}
      initialValues={initialValues}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={handleFinish}
    >
      {fields.map((field, index) => (
        <Form.Item
          key={field.fieldName}
          name={field.fieldName}
          label={field.unit ? `${field.name} (${field.unit})` : field.name}
          required={field.required}
          rules={[fieldValueRule(field, timeZone, locale)]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <FieldValueInput field={field} autoFocus={index === 0} />
        </Form.Item>
      ))}
    </FormModal>
  );
}
