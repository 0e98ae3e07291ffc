import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { taskLimits } from '@smartdata/domain';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { looksLikeCron, minuteSteps, parseClock, scheduleKinds, type ScheduleKind } from '../lib/schedule';

/**
 * The schedule: a preset (daily, hourly, every N minutes), a custom cron, or one run at a time —
 * inside any form whose values include ScheduleValues (analyses, scheduled tasks).
 */
export function ScheduleFields() {
  const { t } = useTranslation('tasks');
  const form = Form.useFormInstance();
  const timeZone = useCompanyTimeZone();
  const kind = (Form.useWatch('scheduleKind', form) as ScheduleKind | undefined) ?? 'daily';
  const clockRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (parseClock(value ?? '') === null) {
        throw new Error(t('form.clockInvalid'));
      }
    },
  };
  const cronRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (!value?.trim()) {
        throw new Error(t('form.cronRequired'));
      }
      if (!looksLikeCron(value)) {
        throw new Error(t('form.cronShape'));
      }
    },
  };

  return (
    <>
      <Form.Item name="scheduleKind" label={t('form.scheduleKind')} extra={t('form.scheduleTimeZone', { zone: timeZone })}>
        <Radio.Group optionType="button" options={scheduleKinds.map((value) => ({ value, label: t(`schedule.kind.${value}`) }))} />
      </Form.Item>
      {kind === 'daily' && (
        <Form.Item name="dailyTime" label={t('form.dailyTime')} rules={[clockRule]}>
          <Input className="sd-task-form__clock" placeholder="00:05" maxLength={5} />
        </Form.Item>
      )}
      {kind === 'hourly' && (
        <Form.Item name="hourlyMinute" label={t('form.hourlyMinute')} rules={[{ required: true, message: t('form.clockInvalid') }]}>
          <InputNumber min={0} max={59} precision={0} suffix={t('form.minuteSuffix')} className="sd-task-form__number" />
        </Form.Item>
      )}
      {kind === 'everyMinutes' && (
        <Form.Item name="everyMinutes" label={t('form.everyMinutes')}>
          <Select className="sd-task-form__number" options={minuteSteps.map((count) => ({ value: count, label: t('form.minutes', { count }) }))} />
        </Form.Item>
      )}
      {kind === 'cron' && (
        <Form.Item name="cron" label={t('form.cron')} extra={t('form.cronHint')} rules={[cronRule]}>
          <Input className="sd-task-form__cron" placeholder="0 8 * * 1" maxLength={taskLimits.cronLength} spellCheck={false} />
        </Form.Item>
      )}
      {kind === 'once' && (
        <Form.Item name="onceAt" label={t('form.onceAt')} rules={[{ required: true, message: t('form.onceRequired') }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="sd-task-form__datetime" />
        </Form.Item>
      )}
    </>
  );
}
