import { DatePicker, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataItemLimits, FieldType, type DataField } from '@smartdata/domain';
import { AttachmentUpload } from './AttachmentUpload';
import type { EditorValue } from '../lib/recordValues';

/** The antd picker and format of a date display kind (spec §3 formats). */
export const datePickerOf = {
  datetime: { picker: 'date', format: 'YYYY-MM-DD HH:mm:ss', showTime: true },
  date: { picker: 'date', format: 'YYYY-MM-DD', showTime: false },
  month: { picker: 'month', format: 'YYYY-MM', showTime: false },
  year: { picker: 'year', format: 'YYYY', showTime: false },
} as const;

interface FieldValueInputProps {
  field: Pick<DataField, 'type' | 'name' | 'unit' | 'dateDisplay' | 'decimalPlaces'>;
  value?: EditorValue;
  onChange?: (value: EditorValue) => void;
  id?: string;
  autoFocus?: boolean;
  /** Inline editing: a compact input, Enter saves, Escape cancels. */
  compact?: boolean;
  onPressEnter?: () => void;
  onEscape?: () => void;
}

/**
 * The input of one field type: numbers are typed as text so that the domain's value check can
 * refuse text exactly as the server does; date-times pick in their display kind; long text is
 * multi-line; pictures and files upload. Texts are not cut at their length (a pasted text would
 * lose its end unseen): the count turns red and the form's rule refuses it with the server's
 * "数据过长 / Data too long".
 */
/** Characters as the domain counts them (code points: an emoji is one). */
const characters = (text: string) => [...text].length;

export function FieldValueInput({ field, value, onChange, id, autoFocus, compact, onPressEnter, onEscape }: FieldValueInputProps) {
  const { t } = useTranslation('data-items');
  // Decimal places shown only when set (currency: 2 by default); a decimal without them takes any.
  const decimalPlaces = field.decimalPlaces ?? (field.type === FieldType.currency ? 2 : null);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && onEscape) {
      event.stopPropagation();
      onEscape();
    }
  };
  switch (field.type) {
    case FieldType.decimal:
    case FieldType.currency:
    case FieldType.integer:
      return (
        <Input
          id={id}
          autoFocus={autoFocus}
          inputMode={field.type === FieldType.integer ? 'numeric' : 'decimal'}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange?.(event.target.value)}
          onPressEnter={onPressEnter}
          onKeyDown={onKeyDown}
          placeholder={
            field.type === FieldType.integer
              ? t('values.integerPlaceholder')
              : decimalPlaces === null
                ? t('values.numberAnyPlaceholder')
                : t('values.numberPlaceholder', { places: decimalPlaces })
          }
        />
      );
    case FieldType.dateTime: {
      const kind = datePickerOf[field.dateDisplay ?? 'datetime'];
      return (
        <DatePicker
          id={id}
          autoFocus={autoFocus}
          picker={kind.picker}
          showTime={kind.showTime}
          format={kind.format}
          value={value && typeof value === 'object' && !Array.isArray(value) ? value : null}
          onChange={(day) => onChange?.(day ?? null)}
          onKeyDown={onKeyDown}
          style={{ width: '100%' }}
        />
      );
    }
    case FieldType.text:
      return (
        <Input
          id={id}
          autoFocus={autoFocus}
          count={{ max: dataItemLimits.textLength, strategy: characters }}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange?.(event.target.value)}
          onPressEnter={onPressEnter}
          onKeyDown={onKeyDown}
        />
      );
    case FieldType.longText:
      return (
        <Input.TextArea
          id={id}
          autoFocus={autoFocus}
          count={{ max: dataItemLimits.longTextLength, strategy: characters, show: !compact }}
          autoSize={{ minRows: compact ? 1 : 2, maxRows: 6 }}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange?.(event.target.value)}
          onKeyDown={onKeyDown}
        />
      );
    case FieldType.picture:
    case FieldType.file:
      return <AttachmentUpload id={id} picture={field.type === FieldType.picture} value={Array.isArray(value) ? value : []} onChange={onChange} />;
  }
}
