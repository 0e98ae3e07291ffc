import { useState } from 'react';
import { Divider, Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { addScheduledRequest, missedRunPolicies, taskLimits, validationMessage, type AddScheduledRequest, type ExecutableView } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { checkScheduled, type ScheduledFormValues } from '../lib/scheduledForm';
import { taskText } from '../lib/texts';
import { ScheduleFields } from './ScheduleFields';

interface ScheduledFormModalProps {
  title: string;
  initialValues: ScheduledFormValues;
  executables: ExecutableView[];
  executablesLoading: boolean;
  saving: boolean;
  onSubmit: (request: AddScheduledRequest) => void;
  onCancel: () => void;
}

const nameSchema = addScheduledRequest.shape.name;

/** Adds or edits a scheduled task: name and switch, the executable task it runs, its schedule and the missed-run policy. */
export function ScheduledFormModal({ title, initialValues, executables, executablesLoading, saving, onSubmit, onCancel }: ScheduledFormModalProps) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const timeZone = useCompanyTimeZone();
  const [form] = Form.useForm<ScheduledFormValues>();
  const [problem, setProblem] = useState<string | null>(null);

  const handleFinish = () => {
    const checked = checkScheduled({ ...initialValues, ...(form.getFieldsValue(true) as ScheduledFormValues) }, timeZone);
    if (!checked.ok) {
      setProblem(taskText(checked.reason, locale));
      return;
    }
    setProblem(null);
    onSubmit(checked.request);
  };

  return (
    <FormModal<ScheduledFormValues> open title={title} form={form} width={720} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <div className="sd-task-form">
        <div className="sd-task-form__row">
          <Form.Item
            name="name"
            label={t('form.name')}
            className="sd-task-form__grow"
            rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(nameSchema, t)]}
          >
            <Input autoFocus maxLength={taskLimits.nameLength} showCount placeholder={t('scheduled.namePlaceholder')} />
          </Form.Item>
          <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        <Form.Item name="executableId" label={t('scheduled.executable')} extra={t('scheduled.executableHint')} rules={[{ required: true, message: t('scheduled.executableRequired') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={executablesLoading}
            placeholder={t('scheduled.executablePlaceholder')}
            notFoundContent={t('scheduled.noExecutables')}
            options={executables.map((e) => ({ value: e.id, label: e.name }))}
          />
        </Form.Item>
        <Divider titlePlacement="start">{t('form.sectionSchedule')}</Divider>
        <ScheduleFields />
        <Form.Item name="missedRuns" label={t('form.missedRuns')} tooltip={t('form.missedRunsHint')}>
          <Radio.Group className="sd-task-form__missed">
            {missedRunPolicies.map((policy) => (
              <Radio key={policy} value={policy}>
                <span>{t(`missed.${policy}`)}</span>
                <span className="sd-muted sd-task-form__missed-hint">{t(`missed.${policy}Hint`, { cap: taskLimits.missedRunsCap })}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {problem && (
          <div role="alert" className="ant-form-item-explain-error">
            {problem}
          </div>
        )}
      </div>
    </FormModal>
  );
}
