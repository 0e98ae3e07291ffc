import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addOrderRequest, orderLimits, validationMessage, type Id } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import type { OrderValues } from '../api/addOrder';

interface OrderFormValues {
  swProductId: string;
  subTypeId: string;
  startAt: Dayjs;
  expireAt: Dayjs;
}

interface OrderFormModalProps extends FormDialogProps<OrderValues> {
  companyId: Id;
  companyName: string;
}

/** An order starts at the beginning of its first day and ends at the end of its last day. */
function toOrder(companyId: Id, values: Partial<OrderFormValues>) {
  return {
    companyId,
    swProductId: values.swProductId?.trim() ?? '',
    subTypeId: values.subTypeId?.trim() ?? '',
    startAt: values.startAt ? values.startAt.startOf('day').valueOf() : Number.NaN,
    expireAt: values.expireAt ? values.expireAt.endOf('day').valueOf() : Number.NaN,
  };
}

/** A new product order for a company: product, subtype, start and expiry (after the start). */
export function OrderFormModal({ companyId, companyName, saving, onSubmit, onCancel }: OrderFormModalProps) {
  const { t } = useTranslation('companies');
  const locale = useLocale();
  const [form] = Form.useForm<OrderFormValues>();
  const required = validationMessage('validation.required', locale) ?? '';
  const today = dayjs().startOf('day');

  const handleFinish = (values: OrderFormValues) => onSubmit(toOrder(companyId, values));
  const initialValues: Partial<OrderFormValues> = { startAt: today, expireAt: today.add(1, 'year').subtract(1, 'day') };
  return (
    <FormModal<OrderFormValues> title={t('orders.createTitle', { name: companyName })} form={form} width={500} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <Form.Item
        name="swProductId"
        label={t('orders.product')}
        extra={t('orders.productHint')}
        rules={[{ required: true, whitespace: true, message: required }]}
      >
        <Input autoFocus maxLength={orderLimits.codeLength} placeholder="smartdata" />
      </Form.Item>
      <Form.Item name="subTypeId" label={t('orders.subType')} rules={[{ required: true, whitespace: true, message: required }]}>
        <Input maxLength={orderLimits.codeLength} placeholder="standard" />
      </Form.Item>
      <div className="sd-form-row">
        <Form.Item name="startAt" label={t('orders.startAt')} rules={[{ required: true, message: required }]}>
          <DatePicker allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="expireAt"
          label={t('orders.expireAt')}
          dependencies={['startAt']}
          rules={[
            { required: true, message: required },
            ({ getFieldsValue }) => ({
              // The domain's rule (expiry after start), as the server checks it.
              validator: async () => {
                const result = addOrderRequest.safeParse(toOrder(companyId, getFieldsValue(true) as Partial<OrderFormValues>));
                const issue = result.success ? undefined : result.error.issues.find((item) => item.path[0] === 'expireAt');
                if (issue) {
                  throw new Error(validationMessage(issue.message, locale) ?? issue.message);
                }
              },
            }),
          ]}
        >
          <DatePicker allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
      </div>
    </FormModal>
  );
}
