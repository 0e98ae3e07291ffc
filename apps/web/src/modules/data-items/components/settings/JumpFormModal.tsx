import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dataItemLimits, FieldType, jumpInput, jumpTargetProblem, validationMessage, type DataItemDetail, type FilterOp, type JumpItem } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { NameField } from '@/shared/forms/NameField';
import { useDataItemQuery } from '../../api/getDataItem';
import type { JumpValues } from '../../api/jumpValues';
import { domainText } from '../../lib/domainText';
import { orderedFields } from '../../lib/fieldFormat';
import { opsForType, opTakesValue } from '../../lib/recordFilters';
import { ItemSelect } from './ItemSelect';

interface ConditionRow {
  targetField?: string;
  op: FilterOp;
  from: 'field' | 'value';
  sourceField?: string;
  value?: string;
}

interface JumpForm {
  name: string;
  priority: number;
  targetItemId?: number;
  conditions: ConditionRow[];
}

interface JumpFormModalProps extends FormDialogProps<JumpValues> {
  item: DataItemDetail;
  jump: JumpItem | null;
}

/**
 * A jump association: priority, jump data name, target data item and conditions comparing a
 * target field with a field of the clicked record or a fixed value. A jump to the item itself is
 * refused here with the server's text (spec §5).
 */
export function JumpFormModal({ item, jump, saving, onSubmit, onCancel }: JumpFormModalProps) {
  const { t } = useTranslation('data-items');
  const locale = useLocale();
  const [form] = Form.useForm<JumpForm>();
  const targetItemId = Form.useWatch('targetItemId', form);
  const target = useDataItemQuery(targetItemId && targetItemId !== item.id ? targetItemId : 0);
  const columns = (fields: DataItemDetail['fields']) => [
    ...orderedFields(fields).map((f) => ({ value: f.fieldName, label: f.name, type: f.type })),
    { value: 'id', label: 'ID', type: FieldType.integer },
    { value: 'createdAt', label: t('columns.createdAt'), type: FieldType.dateTime },
  ];
  const targetColumns = columns(target.data?.fields ?? []);
  const sourceColumns = columns(item.fields);

  const initialValues: JumpForm = jump
    ? {
        name: jump.name,
        priority: jump.priority,
        targetItemId: jump.targetItemId,
        conditions: jump.conditions.map((c) => ({
          targetField: c.targetField,
          op: c.op,
          from: c.sourceField !== undefined ? 'field' : 'value',
          sourceField: c.sourceField,
          value: c.value === undefined || c.value === null ? '' : String(c.value),
        })),
      }
    : { name: '', priority: (item.jumps.at(-1)?.priority ?? 0) + 1, conditions: [{ op: 'eq', from: 'field' }] };

  const handleFinish = (values: JumpForm) => {
    onSubmit({
      name: values.name.trim(),
      priority: values.priority ?? 0,
      targetItemId: values.targetItemId!,
      conditions: (values.conditions ?? []).map((c) => ({
        targetField: c.targetField!,
        op: c.op,
        ...(opTakesValue(c.op) ? (c.from === 'field' ? { sourceField: c.sourceField } : { value: c.value ?? '' }) : {}),
      })),
    });
  };

  return (
    <FormModal<JumpForm> title={jump ? t('jumps.editTitle', { name: jump.name }) : t('jumps.addTitle')} form={form} width={720} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <Space.Compact block className="sd-settings__pair">
        <NameField schema={jumpInput.shape.name} label={t('jumps.name')} max={dataItemLimits.nameLength} counter="none" className="sd-settings__grow" extra={t('jumps.nameHint')} autoFocus />
        <Form.Item name="priority" label={t('jumps.priority')} extra={t('jumps.priorityHint')}>
          <InputNumber min={0} max={dataItemLimits.priorityMax} precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Space.Compact>
      <Form.Item
        name="targetItemId"
        label={t('jumps.target')}
        rules={[
          { required: true, message: validationMessage('validation.jump.targetRequired', locale) ?? '' },
          {
            validator: async (_rule, value: number | undefined) => {
              const problem = value ? jumpTargetProblem(item.id, value) : null;
              if (problem) {
                throw new Error(domainText(problem, locale));
              }
            },
          },
        ]}
      >
        <ItemSelect selfId={item.id} aria-label={t('jumps.target')} />
      </Form.Item>
      <Form.Item label={t('jumps.conditions')} extra={t('jumps.conditionsHint')}>
        <Form.List name="conditions">
          {(rows, { add, remove }) => (
            <div className="sd-conditions">
              {rows.map((row, index) => (
                <div key={row.key} className="sd-conditions__row">
                  <Form.Item name={[row.name, 'targetField']} rules={[{ required: true, message: t('jumps.targetFieldRequired') }]} className="sd-conditions__cell">
                    <Select placeholder={t('jumps.targetField')} aria-label={t('jumps.targetFieldN', { n: index + 1 })} options={targetColumns} disabled={!target.data} style={{ width: 150 }} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const fieldName = form.getFieldValue(['conditions', row.name, 'targetField']) as string | undefined;
                      const type = targetColumns.find((c) => c.value === fieldName)?.type ?? FieldType.text;
                      const op = form.getFieldValue(['conditions', row.name, 'op']) as FilterOp;
                      const from = form.getFieldValue(['conditions', row.name, 'from']) as ConditionRow['from'];
                      return (
                        <>
                          <Form.Item name={[row.name, 'op']} className="sd-conditions__cell">
                            <Select aria-label={t('jumps.opN', { n: index + 1 })} options={opsForType(type).filter((o) => o !== 'in').map((o) => ({ value: o, label: t(`ops.${o}`) }))} style={{ width: 110 }} />
                          </Form.Item>
                          {opTakesValue(op) && (
                            <>
                              <Form.Item name={[row.name, 'from']} className="sd-conditions__cell">
                                <Select aria-label={t('jumps.fromN', { n: index + 1 })} options={[{ value: 'field', label: t('jumps.fromField') }, { value: 'value', label: t('jumps.fromValue') }]} style={{ width: 130 }} />
                              </Form.Item>
                              {from === 'value' ? (
                                <Form.Item name={[row.name, 'value']} rules={[{ required: true, whitespace: true, message: domainText('validation.jump.conditionValue', locale) }]} className="sd-conditions__cell sd-settings__grow">
                                  <Input aria-label={t('jumps.valueN', { n: index + 1 })} placeholder={t('jumps.value')} />
                                </Form.Item>
                              ) : (
                                <Form.Item name={[row.name, 'sourceField']} rules={[{ required: true, message: domainText('validation.jump.conditionValue', locale) }]} className="sd-conditions__cell sd-settings__grow">
                                  <Select aria-label={t('jumps.sourceFieldN', { n: index + 1 })} placeholder={t('jumps.sourceField')} options={sourceColumns} />
                                </Form.Item>
                              )}
                            </>
                          )}
                        </>
                      );
                    }}
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={t('jumps.removeConditionN', { n: index + 1 })} />
                </div>
              ))}
              <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={rows.length >= dataItemLimits.jumpConditionsMax} onClick={() => add({ op: 'eq', from: 'field' } satisfies ConditionRow)}>
                {t('jumps.addCondition')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form.Item>
    </FormModal>
  );
}
