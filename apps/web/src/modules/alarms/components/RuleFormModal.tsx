import { Divider, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addRuleRequest, alarmLimits, compareOps, ruleProblems, type AddRuleRequest } from '@smartdata/domain';
import { ContentTemplatePicker } from '@/modules/templates/components/ContentTemplatePicker';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { FormProblem } from '@/shared/forms/FormProblem';
import { checkRequest, useCheckedSubmit } from '@/shared/forms/useCheckedSubmit';
import { NameField } from '@/shared/forms/NameField';
import { SwitchField } from '@/shared/forms/SwitchField';
import { useLocale } from '@/shared/i18n/useLocale';
import { ruleRequestOf, type RuleFormValues } from '../lib/ruleForm';
import { domainText } from '../lib/texts';
import { LevelRows } from './LevelRows';
import { NotifyFields } from './NotifyFields';
import { ScheduleFields } from './ScheduleFields';
import { TargetFields } from './TargetFields';

interface RuleFormModalProps extends FormDialogProps<AddRuleRequest> {
  title: string;
  initialValues: RuleFormValues;
  /** The target device's name when editing a device rule (it may not be in the picker's first page). */
  deviceName?: string;
}

const nameSchema = addRuleRequest.shape.name;
const messageSchema = addRuleRequest.shape.message;

/**
 * Adds or edits an alarm rule: name and switch, target, 1–3 level conditions, clear condition,
 * reminders, schedule and notification (with the rule's own message). The whole body is checked with the domain's schema (the
 * server's rules) before it is sent; Enter in any field saves.
 */
export function RuleFormModal({ title, initialValues, deviceName, saving, onSubmit, onCancel }: RuleFormModalProps) {
  const { t } = useTranslation('alarms');
  const locale = useLocale();
  const [form] = Form.useForm<RuleFormValues>();
  const hasClear = Form.useWatch('hasClear', form) ?? initialValues.hasClear;
  const targetKind = Form.useWatch('targetKind', form) ?? initialValues.targetKind;
  const itemId = Form.useWatch('itemId', form) ?? initialValues.itemId;
  const { problem, submit } = useCheckedSubmit(onSubmit);

  const handleFinish = (values: RuleFormValues) => {
    const request = ruleRequestOf({ ...initialValues, ...values, notify: { ...initialValues.notify, ...values.notify } });
    submit(checkRequest(addRuleRequest, ruleProblems, request, (key) => domainText(key, locale) ?? domainText('validation.invalid', locale)));
  };

  return (
    <FormModal<RuleFormValues> title={title} form={form} width={880} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <div className="sd-alarm-form">
        <div className="sd-alarm-form__row">
          <NameField schema={nameSchema} label={t('ruleForm.name')} max={alarmLimits.nameLength} className="sd-alarm-form__grow" placeholder={t('ruleForm.namePlaceholder')} autoFocus />
          <SwitchField name="enabled" label={t('ruleForm.enabled')} />
        </div>
        <Divider titlePlacement="start">{t('ruleForm.sectionTarget')}</Divider>
        <TargetFields form={form} deviceName={deviceName} />
        <Divider titlePlacement="start">{t('ruleForm.sectionLevels')}</Divider>
        <LevelRows form={form} />
        <Divider titlePlacement="start">{t('ruleForm.sectionClear')}</Divider>
        <SwitchField name="hasClear" label={t('ruleForm.hasClear')} extra={t('ruleForm.hasClearHint')} />
        <div className="sd-alarm-form__row">
          {hasClear && (
            <>
              <Form.Item name="clearOp" label={t('ruleForm.clearOp')} className="sd-alarm-form__op">
                <Select options={compareOps.map((op) => ({ value: op, label: t(`op.${op}`) }))} />
              </Form.Item>
              <Form.Item name="clearThreshold" label={t('ruleForm.clearThreshold')} rules={[{ required: true, message: t('ruleForm.thresholdRequired') }]}>
                <InputNumber className="sd-alarm-form__number" />
              </Form.Item>
            </>
          )}
          <Form.Item name="repeatMinutes" label={t('ruleForm.repeatMinutes')} tooltip={t('ruleForm.repeatMinutesHint')}>
            <InputNumber min={0} max={alarmLimits.repeatMinutesMax} precision={0} suffix={t('ruleForm.minutes')} className="sd-alarm-form__number" />
          </Form.Item>
        </div>
        <Divider titlePlacement="start">{t('ruleForm.sectionSchedule')}</Divider>
        <ScheduleFields form={form} />
        <Divider titlePlacement="start">{t('ruleForm.sectionNotify')}</Divider>
        <NotifyFields />
        {/* The rule's own SMS / e-mail text; a content template's text is copied in as a start (docs/templates.md). */}
        <Form.Item
          name="message"
          label={t('ruleForm.message')}
          tooltip={t('ruleForm.messageHint')}
          rules={[domainRule(messageSchema, t)]}
          extra={
            <ContentTemplatePicker
              itemId={targetKind === 'field' ? itemId : null}
              onPick={(content) => form.setFieldValue('message', content.slice(0, alarmLimits.messageLength))}
            />
          }
        >
          <Input.TextArea rows={2} maxLength={alarmLimits.messageLength} showCount placeholder={t('ruleForm.messagePlaceholder')} />
        </Form.Item>
        <FormProblem problem={problem} />
      </div>
    </FormModal>
  );
}
