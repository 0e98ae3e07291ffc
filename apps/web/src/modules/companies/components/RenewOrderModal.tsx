import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { validationMessage, type OrderItem } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDate } from '@/shared/utils/formatTime';

interface RenewValues {
  expireAt: Dayjs;
}

interface RenewOrderModalProps extends FormDialogProps<number> {
  order: OrderItem;
}

/** Renewal: a new expiry, later than the current one (the server refuses anything else). */
export function RenewOrderModal({ order, saving, onSubmit, onCancel }: RenewOrderModalProps) {
  const { t } = useTranslation('companies');
  const locale = useLocale();
  const [form] = Form.useForm<RenewValues>();
  const current = dayjs(order.expireAt);
  // Renewing an expired order counts from today, otherwise from the current expiry.
  const base = current.isBefore(dayjs()) ? dayjs() : current;

  const handleFinish = ({ expireAt }: RenewValues) => onSubmit(expireAt.endOf('day').valueOf());
  const initialValues: Partial<RenewValues> = { expireAt: base.add(1, 'year') };
  return (
    <FormModal<RenewValues> title={t('orders.renewTitle', { product: order.swProductId, subType: order.subTypeId })} form={form} width={440} confirmLoading={saving} initialValues={initialValues} okText={t('orders.renew')} onCancel={onCancel} onFinish={handleFinish}>
      <p className="sd-renew__current">{t('orders.currentExpiry', { date: formatDate(order.expireAt) })}</p>
      <Form.Item
        name="expireAt"
        label={t('orders.newExpiry')}
        rules={[
          { required: true, message: validationMessage('validation.required', locale) ?? '' },
          {
            validator: async (_rule, value: Dayjs | undefined) => {
              if (value && value.endOf('day').valueOf() <= order.expireAt) {
                throw new Error(t('orders.renewLater'));
              }
            },
          },
        ]}
      >
        <DatePicker
          autoFocus
          allowClear={false}
          style={{ width: '100%' }}
          disabledDate={(date) => date.endOf('day').valueOf() <= order.expireAt}
        />
      </Form.Item>
    </FormModal>
  );
}
