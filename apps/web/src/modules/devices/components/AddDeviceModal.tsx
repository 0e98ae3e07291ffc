import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceLimits, snPattern, type AddDeviceRequest } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { deviceMessage } from '@smartdata/domain';

interface AddDeviceModalProps {
  open: boolean;
  saving: boolean;
  onFinish: (values: AddDeviceRequest) => void;
  onCancel: () => void;
}

/** Adds a device by name, SN and model (the same rules as `addDeviceRequest`). */
export function AddDeviceModal({ open, saving, onFinish, onCancel }: AddDeviceModalProps) {
  const { t } = useTranslation(['devices', 'texts']);
  const locale = useLocale();
  const [form] = Form.useForm<AddDeviceRequest>();
  const tooLong = t('form.tooLong');
  return (
    <FormModal open={open} title={t('add.title')} form={form} okText={t('add.ok')} confirmLoading={saving} onFinish={onFinish} onCancel={onCancel}>
      <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: deviceMessage('device.nameRequired', locale) ?? '' }, { max: deviceLimits.nameLength, message: tooLong }]}>
        <Input autoFocus />
      </Form.Item>
      <Form.Item name="sn" label={t('fields.sn')} extra={t('add.snHint')} rules={[{ required: true, message: deviceMessage('device.snInvalid', locale) ?? '' }, { pattern: snPattern, message: deviceMessage('device.snInvalid', locale) ?? '' }]}>
        <Input className="sd-mono" />
      </Form.Item>
      <Form.Item name="model" label={t('fields.model')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: deviceLimits.modelLength, message: tooLong }]}>
        <Input placeholder={t('fields.modelPlaceholder')} />
      </Form.Item>
      <Form.Item name="address" label={t('fields.address')} rules={[{ max: deviceLimits.addressLength, message: tooLong }]}>
        <Input />
      </Form.Item>
      <Form.Item name="remarks" label={t('fields.remarks')} rules={[{ max: deviceLimits.remarksLength, message: tooLong }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormModal>
  );
}
