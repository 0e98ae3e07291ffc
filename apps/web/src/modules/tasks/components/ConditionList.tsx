import { Button, Form, Input, InputNumber, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ruleLimits, ruleOps, type DataField, type RuleOp } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { isNumericField, newCondition, textOps } from '../lib/ruleForm';
import { opText } from '../lib/ruleText';
import { valueFields } from './ActionListEditor';

/** The conditions of a rule: field of the watched item, operator (eq / ne / contains for text), value typed as the field. */
export function ConditionList({ fields, fieldsLoading, disabled }: { fields: readonly DataField[] | undefined; fieldsLoading: boolean; disabled: boolean }) {
  const { t } = useTranslation('tasks');
  return (
    <Form.List name="conditions">
      {(rows, { add, remove }) => (
        <div className="sd-task-conditions">
          {rows.map((row, index) => (
            <ConditionRow key={row.key} row={row.name} index={index} fields={valueFields(fields)} fieldsLoading={fieldsLoading} disabled={disabled} onRemove={() => remove(row.name)} />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || rows.length >= ruleLimits.conditionsMax} onClick={() => add(newCondition())}>
            {t('ruleForm.addCondition')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

interface ConditionRowProps {
  row: number;
  index: number;
  fields: DataField[];
  fieldsLoading: boolean;
  disabled: boolean;
  onRemove: () => void;
}

function ConditionRow({ row, index, fields, fieldsLoading, disabled, onRemove }: ConditionRowProps) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const form = Form.useFormInstance();
  const fieldName = Form.useWatch(['conditions', row, 'fieldName'], { form, preserve: true }) as string | undefined;
  const field = fields.find((f) => f.fieldName === fieldName);
  const numeric = field === undefined || isNumericField(field);
  const ops = numeric ? ruleOps : textOps;
  const label = (text: string) => (index === 0 ? text : undefined);
  const handleField = (next: string) => {
    const nextField = fields.find((f) => f.fieldName === next);
    const op = form.getFieldValue(['conditions', row, 'op']) as RuleOp;
    if (!isNumericField(nextField) && !textOps.includes(op)) {
      form.setFieldValue(['conditions', row, 'op'], 'eq');
    }
    form.setFieldValue(['conditions', row, 'value'], null);
  };
  return (
    <div className="sd-task-conditions__row">
      <Form.Item name={[row, 'fieldName']} label={label(t('ruleForm.conditionField'))} rules={[{ required: true, message: t('form.fieldRequired') }]} className="sd-task-conditions__field">
        <Select
          aria-label={t('ruleForm.conditionFieldNumbered', { index: index + 1 })}
          disabled={disabled}
          loading={fieldsLoading}
          placeholder={t('actionForm.anyFieldPlaceholder')}
          options={fields.map((f) => ({ value: f.fieldName, label: f.unit ? `${f.name} (${f.unit})` : f.name }))}
          onChange={handleField}
        />
      </Form.Item>
      <Form.Item name={[row, 'op']} label={label(t('ruleForm.op'))} className="sd-task-conditions__op">
        <Select
          aria-label={t('ruleForm.opNumbered', { index: index + 1 })}
          disabled={disabled}
          popupMatchSelectWidth={false}
          options={ops.map((op) => ({ value: op, label: op === 'contains' ? opText(op, locale) : `${opText(op, locale)}  ${t(`ops.${op}`)}` }))}
        />
      </Form.Item>
      <Form.Item
        name={[row, 'value']}
        label={label(t('ruleForm.value'))}
        rules={[{ required: true, message: numeric ? t('ruleForm.numberRequired') : t('actionForm.valueRequired') }]}
        className="sd-task-conditions__value"
      >
        {numeric ? (
          <InputNumber aria-label={t('ruleForm.valueNumbered', { index: index + 1 })} disabled={disabled} className="sd-task-values__number" placeholder={t('actionForm.numberPlaceholder')} />
        ) : (
          <Input aria-label={t('ruleForm.valueNumbered', { index: index + 1 })} disabled={disabled} maxLength={ruleLimits.textValueLength} placeholder={t('actionForm.textPlaceholder')} />
        )}
      </Form.Item>
      <Button
        type="text"
        icon={<DeleteOutlined />}
        disabled={disabled}
        onClick={onRemove}
        aria-label={t('ruleForm.removeCondition', { index: index + 1 })}
        title={t('ruleForm.removeCondition', { index: index + 1 })}
        className={index === 0 ? 'sd-task-values__remove sd-task-values__remove--first' : 'sd-task-values__remove'}
      />
    </div>
  );
}
