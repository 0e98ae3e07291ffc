import { useState } from 'react';
import { Button, Space } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkFieldValue, type DataField } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { domainText } from '../lib/domainText';
import { fromEditorValue, toEditorValue, type EditorValue } from '../lib/recordValues';
import { FieldValueInput } from './FieldValueInput';

interface InlineCellEditorProps {
  field: DataField;
  stored: unknown;
  timeZone: string;
  saving: boolean;
  onSave: (value: unknown) => void;
  onCancel: () => void;
}

/**
 * Edits one cell in place (double-click): Enter or ✓ saves after the domain's value check, Escape
 * or ✕ cancels.
 */
export function InlineCellEditor({ field, stored, timeZone, saving, onSave, onCancel }: InlineCellEditorProps) {
  const { t } = useTranslation('data-items');
  const locale = useLocale();
  const [value, setValue] = useState<EditorValue>(() => toEditorValue(field, stored, timeZone));
  const [problem, setProblem] = useState<string | null>(null);

  const save = () => {
    const result = checkFieldValue(field, fromEditorValue(field, value, timeZone), timeZone);
    if (!result.ok) {
      setProblem(domainText(`${result.key}|${field.name}`, locale));
      return;
    }
    onSave(result.value);
  };

  return (
    <div className="sd-inline-editor" onDoubleClick={(event) => event.stopPropagation()}>
      <div className="sd-inline-editor__row">
        <div className="sd-inline-editor__input">
          <FieldValueInput
            field={field}
            value={value}
            compact
            autoFocus
            onChange={(next) => {
              setValue(next);
              setProblem(null);
            }}
            onPressEnter={save}
            onEscape={onCancel}
          />
        </div>
        <Space size={2}>
          <Button size="small" type="text" icon={<CheckOutlined />} loading={saving} onClick={save} aria-label={t('inline.save', { name: field.name })} />
          <Button size="small" type="text" icon={<CloseOutlined />} onClick={onCancel} aria-label={t('inline.cancel')} />
        </Space>
      </div>
      {problem && (
        <div className="sd-inline-editor__problem" role="alert">
          {problem}
        </div>
      )}
    </div>
  );
}
