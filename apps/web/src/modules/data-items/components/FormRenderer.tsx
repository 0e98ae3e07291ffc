import { Button, Checkbox, DatePicker, Form, Input, Radio, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldType, type DataField, type FormDesign, type FormElement } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { domainText } from '../lib/domainText';
import { elementProblem, submitValue, type ElementValue } from '../lib/formValues';
import { AttachmentUpload } from './AttachmentUpload';
import { datePickerOf } from './FieldValueInput';

interface FormRendererProps {
  design: FormDesign;
  fields: readonly DataField[];
  timeZone: string;
  form: FormInstance<Record<string, ElementValue>>;
  submitting?: boolean;
  submitText?: string;
  /** Values per bound field, as submitForm takes them; absent in a preview without a submit. */
  onSubmit?: (values: Record<string, unknown>) => void;
}

/** The input of one element as the person filling the form sees it. */
export function ElementInput({ element, field, value, onChange, id }: { element: FormElement; field?: DataField; value?: ElementValue; onChange?: (value: ElementValue) => void; id?: string }) {
  const placeholder = element.placeholder || undefined;
  switch (element.type) {
    case 'input':
      return <Input id={id} placeholder={placeholder} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange?.(event.target.value)} />;
    case 'textarea':
      return <Input.TextArea id={id} placeholder={placeholder} autoSize={{ minRows: 3, maxRows: 8 }} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange?.(event.target.value)} />;
    case 'number':
      return (
        <Input
          id={id}
          inputMode="decimal"
          placeholder={placeholder}
          suffix={field?.unit || undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
    case 'dateTime': {
      const kind = datePickerOf[field?.dateDisplay ?? 'datetime'];
      return (
        <DatePicker
          id={id}
          picker={kind.picker}
          showTime={kind.showTime}
          format={kind.format}
          placeholder={placeholder}
          style={{ width: '100%' }}
          value={value && typeof value === 'object' && !Array.isArray(value) ? value : null}
          onChange={(day) => onChange?.(day ?? null)}
        />
      );
    }
    case 'radio':
      return (
        <Radio.Group id={id} value={value} onChange={(event) => onChange?.(event.target.value as string)}>
          {element.options.map((option) => (
            <Radio key={option.value} value={option.value}>
              {option.label}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group
          value={Array.isArray(value) ? value : []}
          onChange={(checked) => onChange?.(checked)}
          options={element.options.map((option) => ({ label: option.label, value: option.value }))}
        />
      );
    case 'upload':
      return (
        <AttachmentUpload
          id={id}
          picture={field?.type === FieldType.picture}
          maxCount={element.maxCount ?? 1}
          value={Array.isArray(value) ? value : []}
          onChange={(keys) => onChange?.(keys)}
        />
      );
  }
}

/**
 * A designed form (designer JSON) rendered for filling in, every element checked as designed —
 * required, min/max, decimal places, maximum upload count — with the domain's check, the same the
 * server runs on submitForm.
 */
export function FormRenderer({ design, fields, timeZone, form, submitting, submitText, onSubmit }: FormRendererProps) {
  const { t } = useTranslation('data-items');
  const locale = useLocale();
  const fieldOf = (element: FormElement) => fields.find((f) => f.fieldName === element.field);

  const handleFinish = (values: Record<string, ElementValue>) => {
    const out: Record<string, unknown> = {};
    for (const element of design.elements) {
      out[element.field] = submitValue(element, values[element.key], timeZone);
    }
    onSubmit?.(out);
  };

  return (
    <Form<Record<string, ElementValue>> form={form} layout="vertical" onFinish={handleFinish} className="sd-form-renderer" requiredMark>
      {design.elements.map((element) => {
        const field = fieldOf(element);
        const hints = [
          element.type === 'number' && element.min !== null && element.min !== undefined && element.max !== null && element.max !== undefined
            ? t('formPage.rangeHint', { min: element.min, max: element.max })
            : null,
          element.type === 'upload' ? t('formPage.uploadHint', { count: element.maxCount ?? 1 }) : null,
        ].filter(Boolean);
        return (
          <Form.Item
            key={element.key}
            name={element.key}
            label={field?.unit && element.type === 'number' ? `${element.label} (${field.unit})` : element.label}
            required={element.required}
            extra={hints.length > 0 ? hints.join(' ') : undefined}
            validateTrigger={['onBlur', 'onChange']}
            rules={[
              {
                validator: async (_rule, value: ElementValue) => {
                  const problem = elementProblem(element, field, submitValue(element, value, timeZone), timeZone);
                  if (problem) {
                    throw new Error(domainText(problem, locale));
                  }
                },
              },
            ]}
          >
            <ElementInput element={element} field={field} />
          </Form.Item>
        );
      })}
      {onSubmit && (
        <Button type="primary" htmlType="submit" loading={submitting} size="large" block>
          {submitText ?? t('formPage.submit')}
        </Button>
      )}
    </Form>
  );
}
