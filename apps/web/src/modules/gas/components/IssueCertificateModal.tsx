import { DatePicker, Form, Input, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { gasLimits } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { crossFieldRule } from '@/shared/forms/crossFieldRule';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { companyToday } from '@/shared/utils/timeRange';
import type { IssueCertificateRequest } from '../api/types';

export const DATE_FORMAT = 'YYYY-MM-DD';

interface Values {
  referenceStandards: string;
  traceability: string;
  certifiedAt: Dayjs;
  expiresAt: Dayjs;
  minUsePressureBar: number;
  storageTemperature: string;
  approver: string;
}

interface Props extends FormDialogProps<IssueCertificateRequest> {
  source: IssueCertificateRequest['source'];
  sourceId: number;
  /** What the certificate is for (order or analysis number), for the title. */
  sourceNumber: string;
}

/**
 * The certificate's own fields (the rest comes from the order or analysis): reference standards,
 * traceability statement, certification and expiry dates (expiry after certification), minimum
 * use pressure, storage temperature, approver.
 */
export function IssueCertificateModal({ source, sourceId, sourceNumber, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('gas');
  const [form] = Form.useForm<Values>();
  // The company's today, not the browser's: at 17:30 UTC it is already tomorrow in Asia/Shanghai.
  const today = companyToday(useCompanyTimeZone());
  const afterCertified = crossFieldRule<Dayjs>('certifiedAt', (value, certified) => value && certified && !value.isAfter(certified, 'day') && t('certificate.expiryAfter'));
  return (
    <FormModal<Values>
      title={t('certificate.issueTitle', { number: sourceNumber })}
      form={form}
      width={640}
      okText={t('certificate.issue')}
      confirmLoading={saving}
      initialValues={{
        referenceStandards: '',
        traceability: t('certificate.defaultTraceability'),
        certifiedAt: today,
        expiresAt: today.add(1, 'year'),
        minUsePressureBar: 10,
        storageTemperature: t('certificate.defaultStorage'),
        approver: '',
      }}
      onCancel={onCancel}
      onFinish={(values) =>
        onSubmit({
          source,
          sourceId,
          referenceStandards: values.referenceStandards.trim(),
          traceability: values.traceability.trim(),
          certifiedAt: values.certifiedAt.format(DATE_FORMAT),
          expiresAt: values.expiresAt.format(DATE_FORMAT),
          minUsePressureBar: values.minUsePressureBar,
          storageTemperature: values.storageTemperature.trim(),
          approver: values.approver.trim(),
        })
      }
    >
      <Form.Item name="referenceStandards" label={t('fields.referenceStandards')} extra={t('certificate.referenceHint')} rules={[{ required: true, whitespace: true, message: t('form.valueRequired') }, { max: gasLimits.longTextLength, message: t('order.tooLong', { max: gasLimits.longTextLength }) }]}>
        <Input.TextArea rows={2} maxLength={gasLimits.longTextLength} />
      </Form.Item>
      <Form.Item name="traceability" label={t('fields.traceability')} rules={[{ required: true, whitespace: true, message: t('form.valueRequired') }, { max: gasLimits.longTextLength, message: t('order.tooLong', { max: gasLimits.longTextLength }) }]}>
        <Input.TextArea rows={2} maxLength={gasLimits.longTextLength} />
      </Form.Item>
      <div className="sd-gas-form__pair">
        <Form.Item name="certifiedAt" label={t('fields.certifiedAt')} rules={[{ required: true, message: t('form.valueRequired') }]}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('fields.expiresAt')} dependencies={['certifiedAt']} rules={[{ required: true, message: t('form.valueRequired') }, afterCertified]}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div className="sd-gas-form__pair">
        <Form.Item name="minUsePressureBar" label={t('fields.minUsePressure')} rules={[{ required: true, message: t('form.valueRequired') }, { type: 'number', min: 0, message: t('form.nonNegative') }]}>
          <InputNumber min={0} suffix={t('units.barGauge')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="storageTemperature" label={t('fields.storageTemperature')} rules={[{ required: true, whitespace: true, message: t('form.valueRequired') }, { max: gasLimits.textLength, message: t('order.tooLong', { max: gasLimits.textLength }) }]}>
          <Input maxLength={gasLimits.textLength} />
        </Form.Item>
      </div>
      <Form.Item name="approver" label={t('fields.approver')} rules={[{ required: true, whitespace: true, message: t('form.valueRequired') }, { max: gasLimits.textLength, message: t('order.tooLong', { max: gasLimits.textLength }) }]}>
        <Input maxLength={gasLimits.textLength} />
      </Form.Item>
    </FormModal>
  );
}
