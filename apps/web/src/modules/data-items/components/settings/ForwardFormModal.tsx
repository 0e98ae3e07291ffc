import { Button, Form, Input, Select } from 'antd';
import { ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dataItemLimits, forwardInput, validationMessage, type DataItemDetail, type ForwardItem } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { NameField } from '@/shared/forms/NameField';
import { SwitchField } from '@/shared/forms/SwitchField';
import { useDataItemQuery } from '../../api/getDataItem';
import type { ForwardValues } from '../../api/forwardValues';
import { domainText } from '../../lib/domainText';
import { orderedFields } from '../../lib/fieldFormat';
import { buildRecordFilter, draftsFromFilters, opsForType, opTakesValue, type FilterDraft } from '../../lib/recordFilters';
import { ItemSelect } from './ItemSelect';

interface ForwardForm {
  name: string;
  enabled: boolean;
  conditions: FilterDraft[];
  targetItemId?: number;
  mappings: { from?: string; to?: string }[];
}

interface ForwardFormModalProps extends FormDialogProps<ForwardValues> {
  item: DataItemDetail;
  forward: ForwardItem | null;
  timeZone: string;
}

/**
 * A forward condition: when a new record of this item meets every condition, the mapped fields
 * are written as a record of the target item. The target cannot be this item, and every required
 * field of the target must be mapped (the server's rules, shown here first).
 */
export function ForwardFormModal({ item, forward, timeZone, saving, onSubmit, onCancel }: ForwardFormModalProps) {
  const { t } = useTranslation('data-items');
  const locale = useLocale();
  const [form] = Form.useForm<ForwardForm>();
  const targetItemId = Form.useWatch('targetItemId', form);
  const target = useDataItemQuery(targetItemId && targetItemId !== item.id ? targetItemId : 0);
  const sourceFields = orderedFields(item.fields);
  const targetFields = orderedFields(target.data?.fields ?? []);
  const requiredTargets = targetFields.filter((f) => f.required);

  const initialValues: ForwardForm = forward
    ? { name: forward.name, enabled: forward.enabled, conditions: draftsFromFilters(forward.conditions), targetItemId: forward.targetItemId, mappings: forward.mappings }
    : { name: '', enabled: true, conditions: [], mappings: [{}] };

  const handleFinish = (values: ForwardForm) => {
    const conditions = (values.conditions ?? []).flatMap((draft) => {
      const check = buildRecordFilter(draft, item.fields, timeZone);
      return check.ok ? [check.filter] : [];
    });
    onSubmit({
      name: values.name.trim(),
      enabled: values.enabled,
      conditions,
      targetItemId: values.targetItemId!,
      mappings: (values.mappings ?? []).map((m) => ({ from: m.from!, to: m.to! })),
    });
  };

  return (
    <FormModal<ForwardForm> title={forward ? t('forwards.editTitle', { name: forward.name }) : t('forwards.addTitle')} form={form} width={720} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <div className="sd-settings__pair">
        <NameField schema={forwardInput.shape.name} label={t('forwards.name')} max={dataItemLimits.nameLength} counter="none" className="sd-settings__grow" autoFocus />
        <SwitchField name="enabled" label={t('forwards.enabled')} />
      </div>
      <Form.Item label={t('forwards.conditions')} extra={t('forwards.conditionsHint')}>
        <Form.List name="conditions">
          {(rows, { add, remove }) => (
            <div className="sd-conditions">
              {rows.map((row, index) => (
                <div key={row.key} className="sd-conditions__row">
                  <Form.Item name={[row.name, 'field']} className="sd-conditions__cell" rules={[{ required: true, message: t('forwards.fieldRequired') }]}>
                    <Select
                      aria-label={t('forwards.conditionFieldN', { n: index + 1 })}
                      placeholder={t('filters.field')}
                      style={{ width: 150 }}
                      options={sourceFields.map((f) => ({ value: f.fieldName, label: f.name }))}
                      onChange={(value: string) => {
                        const type = sourceFields.find((f) => f.fieldName === value)?.type;
                        form.setFieldValue(['conditions', row.name, 'op'], type ? opsForType(type)[0] : 'eq');
                      }}
                    />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const draft = form.getFieldValue(['conditions', row.name]) as FilterDraft | undefined;
                      const type = sourceFields.find((f) => f.fieldName === draft?.field)?.type;
                      return (
                        <>
                          <Form.Item name={[row.name, 'op']} className="sd-conditions__cell">
                            <Select aria-label={t('forwards.conditionOpN', { n: index + 1 })} style={{ width: 110 }} options={(type ? opsForType(type) : []).map((o) => ({ value: o, label: t(`ops.${o}`) }))} />
                          </Form.Item>
                          {draft?.op && opTakesValue(draft.op) && (
                            <Form.Item
                              name={[row.name, 'value']}
                              className="sd-conditions__cell sd-settings__grow"
                              rules={[
                                {
                                  validator: async (_rule, value: string | undefined) => {
                                    const check = buildRecordFilter({ field: draft.field, op: draft.op, value: value ?? '' }, item.fields, timeZone);
                                    if (!check.ok) {
                                      throw new Error(t(`filters.problems.${check.problem}`));
                                    }
                                  },
                                },
                              ]}
                            >
                              <Input aria-label={t('forwards.conditionValueN', { n: index + 1 })} placeholder={t('filters.value')} />
                            </Form.Item>
                          )}
                        </>
                      );
                    }}
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={t('forwards.removeConditionN', { n: index + 1 })} />
                </div>
              ))}
              <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={rows.length >= dataItemLimits.filtersMax} onClick={() => add({ field: undefined, op: 'eq', value: '' })}>
                {t('forwards.addCondition')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item
        name="targetItemId"
        label={t('forwards.target')}
        rules={[
          { required: true, message: validationMessage('validation.forward.targetRequired', locale) ?? '' },
          {
            validator: async (_rule, value: number | undefined) => {
              if (value === item.id) {
                throw new Error(domainText('validation.forward.self', locale));
              }
            },
          },
        ]}
      >
        <ItemSelect selfId={item.id} aria-label={t('forwards.target')} />
      </Form.Item>
      <Form.Item
        label={t('forwards.mappings')}
        required
        extra={requiredTargets.length > 0 ? t('forwards.requiredTargets', { names: requiredTargets.map((f) => f.name).join('、') }) : t('forwards.mappingsHint')}
      >
        <Form.List
          name="mappings"
          rules={[
            {
              validator: async (_rule, mappings: ForwardForm['mappings'] | undefined) => {
                const list = mappings ?? [];
                if (list.length === 0) {
                  throw new Error(domainText('validation.forward.noMappings', locale));
                }
                const mapped = new Set(list.map((m) => m?.to));
                const missing = requiredTargets.find((f) => !mapped.has(f.fieldName));
                if (missing) {
                  throw new Error(t('forwards.requiredUnmapped', { name: missing.name }));
                }
                const targets = list.map((m) => m?.to).filter(Boolean);
                if (new Set(targets).size !== targets.length) {
                  throw new Error(t('forwards.duplicateTarget'));
                }
              },
            },
          ]}
        >
          {(rows, { add, remove }, { errors }) => (
            <div className="sd-conditions">
              {rows.map((row, index) => (
                <div key={row.key} className="sd-conditions__row">
                  <Form.Item name={[row.name, 'from']} className="sd-conditions__cell sd-settings__grow" rules={[{ required: true, message: t('forwards.fieldRequired') }]}>
                    <Select aria-label={t('forwards.fromN', { n: index + 1 })} placeholder={t('forwards.from')} options={sourceFields.map((f) => ({ value: f.fieldName, label: f.name }))} />
                  </Form.Item>
                  <ArrowRightOutlined className="sd-muted sd-conditions__arrow" />
                  <Form.Item name={[row.name, 'to']} className="sd-conditions__cell sd-settings__grow" rules={[{ required: true, message: t('forwards.fieldRequired') }]}>
                    <Select
                      aria-label={t('forwards.toN', { n: index + 1 })}
                      placeholder={t('forwards.to')}
                      disabled={!target.data}
                      options={targetFields.map((f) => ({ value: f.fieldName, label: `${f.name}${f.required ? ' *' : ''}` }))}
                    />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={t('forwards.removeMappingN', { n: index + 1 })} />
                </div>
              ))}
              <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={rows.length >= dataItemLimits.fieldsMax} onClick={() => add({})}>
                {t('forwards.addMapping')}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
      </Form.Item>
    </FormModal>
  );
}
