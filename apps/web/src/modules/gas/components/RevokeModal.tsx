import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { gasLimits } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';

const REVOKE_REASON_MAX = gasLimits.remarksLength;

interface Props extends FormDialogProps<string> {
  number: string;
}

/** Revoking a certificate: a reason (required; the verification page says it was revoked). */
export function RevokeModal({ number, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('gas');
  const [form] = Form.useForm<{ reason: string }>();
  const handleFinish = (values: { reason: string }) => onSubmit(values.reason.trim());
  return (
    <FormModal<{ reason: string }> title={t('certificate.revokeTitle', { number })} form={form} okText={t('certificate.revoke')} confirmLoading={saving} onCancel={onCancel} onFinish={handleFinish}>
      <Alert type="warning" showIcon title={t('certificate.revokeWarning')} className="sd-gas-modal__alert" />
      <Form.Item
        name="reason"
        label={t('fields.revokeReason')}
        rules={[
          { required: true, whitespace: true, message: t('certificate.reasonRequired') },
          { max: REVOKE_REASON_MAX, message: t('order.tooLong', { max: REVOKE_REASON_MAX }) },
        ]}
      >
        <Input.TextArea autoFocus rows={3} maxLength={REVOKE_REASON_MAX} showCount />
      </Form.Item>
    </FormModal>
  );
}
