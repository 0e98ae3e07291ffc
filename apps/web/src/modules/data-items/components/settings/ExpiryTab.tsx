import { Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataItemLimits, validationMessage, type DataItemDetail } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { ItemSettingsForm } from './ItemSettingsForm';

interface ExpiryForm {
  mode: 'forever' | 'days';
  days: number | null;
}

/** Value expiry: raw values are kept N days (1–3650), or as long as the company's retention allows. */
export function ExpiryTab({ item, canWrite }: { item: DataItemDetail; canWrite: boolean }) {
  const { t } = useTranslation(['data-items', 'texts']);
  const locale = useLocale();
  const [form] = Form.useForm<ExpiryForm>();
  const mode = Form.useWatch('mode', form);

  return (
    <ItemSettingsForm<ExpiryForm>
      form={form}
      canWrite={canWrite}
      initialValues={{ mode: item.expiryDays === null ? 'forever' : 'days', days: item.expiryDays ?? 365 }}
      toRequest={(values) => ({ id: item.id, expiryDays: values.mode === 'days' ? values.days : null })}
    >
      <p className="sd-muted">{t('expiry.description')}</p>
      <Form.Item name="mode" label={t('expiry.label')}>
        <Radio.Group
          options={[
            { value: 'forever', label: t('expiry.forever') },
            { value: 'days', label: t('expiry.days') },
          ]}
        />
      </Form.Item>
      {mode === 'days' && (
        <Form.Item
          name="days"
          label={t('expiry.keepDays')}
          extra={t('expiry.hint', { max: dataItemLimits.expiryDaysMax })}
          rules={[{ required: true, type: 'number', min: 1, max: dataItemLimits.expiryDaysMax, message: validationMessage('validation.dataItem.expiryDays', locale) ?? '' }]}
        >
          <InputNumber min={1} max={dataItemLimits.expiryDaysMax} precision={0} suffix={t('expiry.unit')} style={{ width: 200 }} aria-label={t('expiry.keepDays')} />
        </Form.Item>
      )}
    </ItemSettingsForm>
  );
}
