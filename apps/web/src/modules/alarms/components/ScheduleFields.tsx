import { Button, Checkbox, Form, Input, Radio, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { alarmLimits } from '@smartdata/domain';
import { parseClock, type RuleFormValues } from '../lib/ruleForm';

const weekdays = [1, 2, 3, 4, 5, 6, 0];

/** Always, or weekly windows: rows of days sharing one span `HH:mm`–`HH:mm` in the company zone. */
export function ScheduleFields({ form }: { form: FormInstance<RuleFormValues> }) {
  const { t } = useTranslation('alarms');
  const kind = Form.useWatch('scheduleKind', form) ?? 'always';
  const clockRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (value !== undefined && value !== '' && parseClock(value) === null) {
        throw new Error(t('ruleForm.clockInvalid'));
      }
    },
  };

  return (
    <>
      <Form.Item name="scheduleKind" label={t('ruleForm.scheduleKind')} extra={kind === 'weekly' ? t('ruleForm.scheduleHint') : undefined}>
        <Radio.Group
          options={[
            { value: 'always', label: t('ruleForm.scheduleAlways') },
            { value: 'weekly', label: t('ruleForm.scheduleWeekly') },
          ]}
        />
      </Form.Item>
      {kind === 'weekly' && (
        <Form.List name="windows">
          {(fields, { add, remove }) => (
            <div className="sd-alarm-windows">
              {fields.map((field) => (
                <div key={field.key} className="sd-alarm-windows__row">
                  <Form.Item name={[field.name, 'days']} label={t('ruleForm.days')} rules={[{ required: true, type: 'array', min: 1, message: t('ruleForm.daysRequired') }]}>
                    <Checkbox.Group options={weekdays.map((day) => ({ value: day, label: t(`weekday.${day}`) }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'start']} label={t('ruleForm.start')} rules={[{ required: true, message: t('ruleForm.clockInvalid') }, clockRule]} className="sd-alarm-windows__time">
                    <Input placeholder="08:00" maxLength={5} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'end']} label={t('ruleForm.end')} rules={[{ required: true, message: t('ruleForm.clockInvalid') }, clockRule]} className="sd-alarm-windows__time">
                    <Input placeholder="18:00" maxLength={5} />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} disabled={fields.length <= 1} onClick={() => remove(field.name)} aria-label={t('ruleForm.removeWindow')} title={t('ruleForm.removeWindow')} />
                </div>
              ))}
              {fields.length < alarmLimits.scheduleWindowsMax && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' })}>
                  {t('ruleForm.addWindow')}
                </Button>
              )}
            </div>
          )}
        </Form.List>
      )}
    </>
  );
}
