import { useState } from 'react';
import { Button, DatePicker, Divider, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { acquisitionMethods, addAnalysisRequest, analysisProblems, missedRunPolicies, taskAggregates, taskLimits, validationMessage, type AddAnalysisRequest } from '@smartdata/domain';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { FormModal } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { analysisRequestOf, isRangeMethod, type AnalysisFormValues } from '../lib/analysisForm';
import { methodText, taskText } from '../lib/texts';
import { FieldPicker } from './FieldPicker';
import { ScheduleFields } from './ScheduleFields';

interface AnalysisFormModalProps {
  title: string;
  initialValues: AnalysisFormValues;
  saving: boolean;
  onSubmit: (request: AddAnalysisRequest) => void;
  onCancel: () => void;
}

const nameSchema = addAnalysisRequest.shape.name;
/** How many sources one analysis reads (the first and the extra ones; the domain's limit). */
const MAX_SOURCES = 20;

/**
 * Adds or edits a smart analysis: name and switch, schedule, acquisition method (with its range
 * for the time_range_* methods), source fields (more with an aggregation), decimals, target field
 * and the missed-run policy. The body is checked with the domain's schema and analysisProblems
 * (the server's rules) before it is sent; Enter in any field saves.
 */
export function AnalysisFormModal({ title, initialValues, saving, onSubmit, onCancel }: AnalysisFormModalProps) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const timeZone = useCompanyTimeZone();
  const [form] = Form.useForm<AnalysisFormValues>();
  const method = Form.useWatch('method', form) ?? initialValues.method;
  const extraCount = (Form.useWatch('extraSources', form) ?? initialValues.extraSources).length + (Form.useWatch('userDefined', form) ?? initialValues.userDefined).length;
  const items = useDataItemListQuery({});
  const itemList = items.data?.list ?? [];
  const [problem, setProblem] = useState<string | null>(null);

  const handleFinish = (values: AnalysisFormValues) => {
    const request = analysisRequestOf({ ...initialValues, ...values, extraSources: values.extraSources ?? [] }, timeZone);
    const parsed = addAnalysisRequest.safeParse(request);
    const reason = parsed.success ? analysisProblems(parsed.data) : (parsed.error.issues[0]?.message ?? 'validation.invalid');
    if (!parsed.success || reason) {
      setProblem(taskText(reason ?? 'validation.invalid', locale));
      return;
    }
    setProblem(null);
    onSubmit(parsed.data);
  };

  const methodHint = isRangeMethod(method) ? t('method.hintRange') : method === 'recent_create_1' ? t('method.hintLatest') : t('method.hintWindow');

  return (
    <FormModal<AnalysisFormValues> open title={title} form={form} width={860} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <div className="sd-task-form">
        <div className="sd-task-form__row">
          <Form.Item
            name="name"
            label={t('form.name')}
            className="sd-task-form__grow"
            rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(nameSchema, t)]}
          >
            <Input autoFocus maxLength={taskLimits.nameLength} showCount placeholder={t('form.namePlaceholder')} />
          </Form.Item>
          <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        <Divider titlePlacement="start">{t('form.sectionSchedule')}</Divider>
        <ScheduleFields />
        <Divider titlePlacement="start">{t('form.sectionSource')}</Divider>
        <div className="sd-task-form__row">
          <Form.Item name="method" label={t('form.method')} extra={methodHint} className="sd-task-form__grow">
            <Select showSearch={{ optionFilterProp: 'label' }} options={acquisitionMethods.map((value) => ({ value, label: methodText(value, locale) }))} />
          </Form.Item>
          {isRangeMethod(method) && (
            <Form.Item name="range" label={t('form.range')} rules={[{ required: true, message: t('form.rangeRequired') }]} className="sd-task-form__grow">
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="sd-task-form__range" />
            </Form.Item>
          )}
        </div>
        <FieldPicker form={form} name={['source']} items={itemList} itemsLoading={items.isPending} itemLabel={t('form.sourceItem')} fieldLabel={t('form.sourceField')} />
        <Form.List name="extraSources">
          {(fields, { add, remove }) => (
            <div className="sd-task-sources">
              {fields.map((field, index) => (
                <div key={field.key} className="sd-task-sources__row">
                  <FieldPicker
                    form={form}
                    name={['extraSources', field.name]}
                    fieldPath={[field.name]}
                    items={itemList}
                    itemsLoading={items.isPending}
                    itemLabel={`${t('form.sourceItem')} ${index + 2}`}
                    fieldLabel={`${t('form.sourceField')} ${index + 2}`}
                  />
                  <Button type="text" icon={<DeleteOutlined />} aria-label={t('form.removeSource')} title={t('form.removeSource')} onClick={() => remove(field.name)} className="sd-task-sources__remove" />
                </div>
              ))}
              <Button icon={<PlusOutlined />} disabled={fields.length + 1 >= MAX_SOURCES} onClick={() => add({})}>
                {t('form.addSource')}
              </Button>
            </div>
          )}
        </Form.List>
        <Form.List name="userDefined">
          {(fields, { add, remove }) => (
            <div className="sd-task-sources">
              {fields.map((field, index) => (
                <div key={field.key} className="sd-task-sources__row">
                  <Form.Item name={field.name} label={`${t('form.customValue')} ${index + 1}`} rules={[{ required: true, message: t('form.customValueRequired') }]}>
                    <InputNumber className="sd-task-form__number" />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} aria-label={t('form.removeCustomValue')} title={t('form.removeCustomValue')} onClick={() => remove(field.name)} className="sd-task-sources__remove" />
                </div>
              ))}
              <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_SOURCES} onClick={() => add(null)}>
                {t('form.addCustomValue')}
              </Button>
            </div>
          )}
        </Form.List>
        {extraCount > 0 && (
          <Form.Item name="aggregate" label={t('form.aggregate')} extra={t('form.aggregateHint')}>
            <Radio.Group optionType="button" options={taskAggregates.map((value) => ({ value, label: t(`aggregate.${value}`) }))} />
          </Form.Item>
        )}
        <Divider titlePlacement="start">{t('form.sectionTarget')}</Divider>
        <FieldPicker form={form} name={['target']} items={itemList} itemsLoading={items.isPending} itemLabel={t('form.targetItem')} fieldLabel={t('form.targetField')} />
        <div className="sd-task-form__row">
          <Form.Item name="decimals" label={t('form.decimals')} rules={[{ required: true, message: taskText('task.decimalsRange', locale) }]}>
            <InputNumber min={taskLimits.decimalsMin} max={taskLimits.decimalsMax} precision={0} className="sd-task-form__number" />
          </Form.Item>
          <Form.Item name="missedRuns" label={t('form.missedRuns')} tooltip={t('form.missedRunsHint')} className="sd-task-form__grow">
            <Radio.Group className="sd-task-form__missed">
              {missedRunPolicies.map((policy) => (
                <Radio key={policy} value={policy}>
                  <span>{t(`missed.${policy}`)}</span>
                  <span className="sd-muted sd-task-form__missed-hint">{t(`missed.${policy}Hint`, { cap: taskLimits.missedRunsCap })}</span>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </div>
        {problem && (
          <div role="alert" className="ant-form-item-explain-error">
            {problem}
          </div>
        )}
      </div>
    </FormModal>
  );
}
