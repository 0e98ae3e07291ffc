import { Divider, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addScheduledRequest, taskLimits, type AddScheduledRequest, type ExecutableView } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { FormProblem } from '@/shared/forms/FormProblem';
import { useCheckedSubmit } from '@/shared/forms/useCheckedSubmit';
import { NameField } from '@/shared/forms/NameField';
import { SwitchField } from '@/shared/forms/SwitchField';
import { useLocale } from '@/shared/i18n/useLocale';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { checkScheduled, type ScheduledFormValues } from '../lib/scheduledForm';
import { taskText } from '../lib/texts';
import { MissedRunsField } from './MissedRunsField';
import { ScheduleFields } from './ScheduleFields';

interface ScheduledFormModalProps extends FormDialogProps<AddScheduledRequest> {
  title: string;
  initialValues: ScheduledFormValues;
  executables: ExecutableView[];
  executablesLoading: boolean;
}

const nameSchema = addScheduledRequest.shape.name;

/** Adds or edits a scheduled task: name and switch, the executable task it runs, its schedule and the missed-run policy. */
export function ScheduledFormModal({ title, initialValues, executables, executablesLoading, saving, onSubmit, onCancel }: ScheduledFormModalProps) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const timeZone = useCompanyTimeZone();
  const [form] = Form.useForm<ScheduledFormValues>();
  const { problem, submit } = useCheckedSubmit(onSubmit);

  const handleFinish = () => {
    const checked = checkScheduled({ ...initialValues, ...(form.getFieldsValue(true) as ScheduledFormValues) }, timeZone);
    submit(checked.ok ? checked : { ok: false, problem: taskText(checked.reason, locale) });
  };

  return (
    <FormModal<ScheduledFormValues> title={title} form={form} width={720} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <div className="sd-task-form">
        <div className="sd-task-form__row">
          <NameField schema={nameSchema} label={t('form.name')} max={taskLimits.nameLength} className="sd-task-form__grow" placeholder={t('scheduled.namePlaceholder')} autoFocus />
          <SwitchField name="enabled" label={t('form.enabled')} />
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
        <MissedRunsField />
        <FormProblem problem={problem} />
      </div>
    </FormModal>
  );
}
