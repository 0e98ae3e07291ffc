import { Button, DatePicker, Divider, Form, InputNumber, Radio, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { acquisitionMethods, addAnalysisRequest, analysisProblems, analysisTypes, limits, meterMethods, taskAggregates, taskLimits, type AcquisitionMethod, type AddAnalysisRequest, type AnalysisType } from '@smartdata/domain';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useMeterListQuery } from '@/modules/meters/api/meters';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { FormProblem } from '@/shared/forms/FormProblem';
import { checkRequest, useCheckedSubmit } from '@/shared/forms/useCheckedSubmit';
import { NameField } from '@/shared/forms/NameField';
import { SwitchField } from '@/shared/forms/SwitchField';
import { useLocale } from '@/shared/i18n/useLocale';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { analysisRequestOf, isRangeMethod, type AnalysisFormValues } from '../lib/analysisForm';
import { methodText, taskText } from '../lib/texts';
import { FieldPicker } from './FieldPicker';
import { MeterPicker } from './MeterPicker';
import { MissedRunsField } from './MissedRunsField';
import { ScheduleFields } from './ScheduleFields';

interface AnalysisFormModalProps extends FormDialogProps<AddAnalysisRequest> {
  title: string;
  initialValues: AnalysisFormValues;
}

const nameSchema = addAnalysisRequest.shape.name;
/** How many sources one analysis reads (the first and the extra ones; the domain's limit). */
const MAX_SOURCES = 20;

/**
 * Adds or edits a smart analysis: name and switch, schedule, its type (data item or meter, spec §3),
 * acquisition method (with its range for the time_range_* methods; a meter's consumption only by
 * the methods that add up a window), source fields or meters (more with an aggregation), decimals,
 * target field and the missed-run policy. The body is checked with the domain's schema and analysisProblems
 * (the server's rules) before it is sent; Enter in any field saves.
 */
export function AnalysisFormModal({ title, initialValues, saving, onSubmit, onCancel }: AnalysisFormModalProps) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const timeZone = useCompanyTimeZone();
  const [form] = Form.useForm<AnalysisFormValues>();
  const method = Form.useWatch('method', form) ?? initialValues.method;
  const extraCount = (Form.useWatch('extraSources', form) ?? initialValues.extraSources).length + (Form.useWatch('userDefined', form) ?? initialValues.userDefined).length;
  const type: AnalysisType = Form.useWatch('type', form) ?? initialValues.type;
  const items = useDataItemListQuery({});
  const itemList = items.data?.list ?? [];
  const meters = useMeterListQuery({ pageNum: 1, pageSize: limits.pageSizeMax }, type === 'meter');
  const meterList = meters.data?.list ?? [];
  const methods = type === 'meter' ? meterMethods : acquisitionMethods;

  // Another type reads other sources: those picked go, and a method the type does not read becomes its first.
  const handleType = (next: AnalysisType) => {
    form.setFieldsValue({ source: {}, extraSources: [] });
    if (next === 'meter' && !meterMethods.includes(form.getFieldValue('method') as AcquisitionMethod)) {
      form.setFieldValue('method', meterMethods[0]);
    }
  };
  const { problem, submit } = useCheckedSubmit(onSubmit);

  const handleFinish = (values: AnalysisFormValues) => {
    const request = analysisRequestOf({ ...initialValues, ...values, extraSources: values.extraSources ?? [] }, timeZone);
    submit(checkRequest(addAnalysisRequest, analysisProblems, request, (key) => taskText(key, locale)));
  };

  const methodHint = type === 'meter' ? t('method.hintMeter') : isRangeMethod(method) ? t('method.hintRange') : method === 'recent_create_1' ? t('method.hintLatest') : t('method.hintWindow');

  return (
    <FormModal<AnalysisFormValues> title={title} form={form} width={860} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <div className="sd-task-form">
        <div className="sd-task-form__row">
          <NameField schema={nameSchema} label={t('form.name')} max={taskLimits.nameLength} className="sd-task-form__grow" placeholder={t('form.namePlaceholder')} autoFocus />
          <SwitchField name="enabled" label={t('form.enabled')} />
        </div>
        <Divider titlePlacement="start">{t('form.sectionSchedule')}</Divider>
        <ScheduleFields />
        <Divider titlePlacement="start">{t('form.sectionSource')}</Divider>
        <Form.Item name="type" label={t('form.type')}>
          <Radio.Group optionType="button" onChange={(event) => handleType(event.target.value as AnalysisType)} options={analysisTypes.map((value) => ({ value, label: taskText(`task.analysisType.${value}`, locale) }))} />
        </Form.Item>
        <div className="sd-task-form__row">
          <Form.Item name="method" label={t('form.method')} extra={methodHint} className="sd-task-form__grow">
            <Select showSearch={{ optionFilterProp: 'label' }} options={methods.map((value) => ({ value, label: methodText(value, locale) }))} />
          </Form.Item>
          {isRangeMethod(method) && (
            <Form.Item name="range" label={t('form.range')} rules={[{ required: true, message: t('form.rangeRequired') }]} className="sd-task-form__grow">
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="sd-task-form__range" />
            </Form.Item>
          )}
        </div>
        {type === 'meter' ? (
          <MeterPicker name={['source', 'meterId']} meters={meterList} loading={meters.isPending} label={t('form.sourceMeter')} />
        ) : (
          <FieldPicker form={form} name={['source']} items={itemList} itemsLoading={items.isPending} itemLabel={t('form.sourceItem')} fieldLabel={t('form.sourceField')} />
        )}
        <Form.List name="extraSources">
          {(fields, { add, remove }) => (
            <div className="sd-task-sources">
              {fields.map((field, index) => (
                <div key={field.key} className="sd-task-sources__row">
                  {type === 'meter' ? (
                    <MeterPicker name={[field.name, 'meterId']} meters={meterList} loading={meters.isPending} label={`${t('form.sourceMeter')} ${index + 2}`} />
                  ) : (
                    <FieldPicker
                      form={form}
                      name={['extraSources', field.name]}
                      fieldPath={[field.name]}
                      items={itemList}
                      itemsLoading={items.isPending}
                      itemLabel={`${t('form.sourceItem')} ${index + 2}`}
                      fieldLabel={`${t('form.sourceField')} ${index + 2}`}
                    />
                  )}
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
          <MissedRunsField className="sd-task-form__grow" />
        </div>
        <FormProblem problem={problem} />
      </div>
    </FormModal>
  );
}
