import { Divider, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addUpdateWatchRequest, alarmLevels, alarmLimits, type AddUpdateWatchRequest } from '@smartdata/domain';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { SwitchField } from '@/shared/forms/SwitchField';
import { parseClock } from '../lib/ruleForm';
import { domainText } from '../lib/texts';
import { watchRequestOf, type WatchFormValues } from '../lib/watchForm';
import { NotifyFields } from './NotifyFields';

interface WatchFormModalProps extends FormDialogProps<AddUpdateWatchRequest> {
  title: string;
  initialValues: WatchFormValues;
}

/** A data-update watch: the item (and optionally one field), the expected frequency or a daily time, level, reminders, who is told. Enter saves. */
export function WatchFormModal({ title, initialValues, saving, onSubmit, onCancel }: WatchFormModalProps) {
  const { t } = useTranslation('alarms');
  const locale = useLocale();
  const [form] = Form.useForm<WatchFormValues>();
  const itemId = Form.useWatch('itemId', form) ?? initialValues.itemId;
  const mode = Form.useWatch('mode', form) ?? initialValues.mode;
  const every = Form.useWatch('every', form) ?? initialValues.every;
  const items = useDataItemListQuery({});
  const item = useDataItemQuery(itemId ?? 0);
  const clockRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (value !== undefined && value !== '' && (parseClock(value) === null || parseClock(value) === 1440)) {
        throw new Error(t('ruleForm.clockInvalid'));
      }
    },
  };

  const handleFinish = (values: WatchFormValues) => {
    const parsed = addUpdateWatchRequest.safeParse(watchRequestOf({ ...initialValues, ...values }));
    if (!parsed.success) {
      form.setFields([{ name: 'itemId', errors: [domainText(parsed.error.issues[0]?.message ?? 'validation.invalid', locale) ?? domainText('validation.invalid', locale) ?? ''] }]);
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <FormModal<WatchFormValues> title={title} form={form} width={560} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <Form.Item name="itemId" label={t('watchForm.item')} rules={[{ required: true, message: t('ruleForm.itemRequired') }]}>
        <Select
          autoFocus
          showSearch={{ optionFilterProp: 'label' }}
          loading={items.isPending}
          placeholder={t('ruleForm.itemPlaceholder')}
          options={(items.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }))}
          onChange={() => form.setFieldValue('fieldName', undefined)}
        />
      </Form.Item>
      <Form.Item name="fieldName" label={t('watchForm.field')} extra={t('watchForm.fieldHint')}>
        <Select
          allowClear
          disabled={!itemId}
          loading={item.isFetching}
          placeholder={t('watchForm.fieldPlaceholder')}
          options={(item.data?.fields ?? []).map((f) => ({ value: f.fieldName, label: f.name }))}
        />
      </Form.Item>
      <Form.Item name="mode" label={t('watchForm.mode')} extra={mode === 'daily' ? t('watchForm.modeDailyHint') : undefined}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'every', label: t('watchForm.modeEvery') },
            { value: 'daily', label: t('watchForm.modeDaily') },
          ]}
        />
      </Form.Item>
      <div className="sd-alarm-form__row">
        {mode === 'every' ? (
          <>
            <Form.Item name="every" label={t('watchForm.everyMinutes')} className="sd-alarm-form__op">
              <Select
                options={[
                  ...alarmLimits.everyMinutesPresets.map((minutes) => ({ value: minutes, label: t(`frequency.${minutes}`) })),
                  { value: 'custom', label: t('watchForm.custom') },
                ]}
              />
            </Form.Item>
            {every === 'custom' && (
              <Form.Item
                name="customMinutes"
                label={t('watchForm.customMinutes')}
                rules={[{ required: true, type: 'integer', min: 1, max: alarmLimits.everyMinutesMax, message: t('watchForm.customMinutesRange', { max: alarmLimits.everyMinutesMax }) }]}
              >
                <InputNumber min={1} max={alarmLimits.everyMinutesMax} precision={0} suffix={t('ruleForm.minutes')} className="sd-alarm-form__number" />
              </Form.Item>
            )}
          </>
        ) : (
          <Form.Item name="dailyAt" label={t('watchForm.dailyAt')} rules={[{ required: true, message: t('ruleForm.clockInvalid') }, clockRule]}>
            <Input placeholder="09:00" maxLength={5} className="sd-alarm-form__clock" />
          </Form.Item>
        )}
      </div>
      <div className="sd-alarm-form__row">
        <Form.Item name="level" label={t('watchForm.level')} className="sd-alarm-form__op">
          <Select options={[...alarmLevels].reverse().map((level) => ({ value: level, label: t(`level.${level}`) }))} />
        </Form.Item>
        <Form.Item name="remindMinutes" label={t('watchForm.remindMinutes')} tooltip={t('watchForm.remindMinutesHint')}>
          <InputNumber min={0} max={alarmLimits.repeatMinutesMax} precision={0} suffix={t('ruleForm.minutes')} className="sd-alarm-form__number" />
        </Form.Item>
        <SwitchField name="enabled" label={t('watchForm.enabled')} />
      </div>
      <Divider titlePlacement="start">{t('ruleForm.sectionNotify')}</Divider>
      <NotifyFields />
    </FormModal>
  );
}
