import { Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addContractRequest, salesLimits, validationMessage, type AddContractRequest, type SalesContract } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { crossFieldRule } from '@/shared/forms/crossFieldRule';
import { customerValue, useCustomers } from './CustomerField';
import { NumberCustomerRow, RemarksField } from './NumberCustomerRow';

interface ContractValues {
  number?: string;
  customer: string;
  title: string;
  signedDate?: Dayjs | null;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  amount?: number | null;
  remarks?: string;
}

interface ContractFormModalProps extends FormDialogProps<AddContractRequest> {
  /** The draft contract being changed; none for a new one. */
  contract?: SalesContract;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
const toDate = (value: Dayjs | null | undefined): string | null => (value ? value.format(DATE_FORMAT) : null);
const fromDate = (value: string | null): Dayjs | null => (value ? dayjs(value, DATE_FORMAT) : null);

/**
 * A contract (new, or a draft being changed): number (automatic when empty), customer (picked or a
 * new name), title, signed date, service period (end not before start), amount (two decimals),
 * remarks — each field checked with the domain's `addContractRequest`.
 */
export function ContractFormModal({ contract, saving, onSubmit, onCancel }: ContractFormModalProps) {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const [form] = Form.useForm<ContractValues>();
  const customers = useCustomers();
  const required = validationMessage('validation.required', locale) ?? '';
  const shape = addContractRequest.shape;

  const handleFinish = (values: ContractValues) =>
    onSubmit({
      number: values.number?.trim() || undefined,
      customer: customerValue(values.customer, customers),
      title: values.title.trim(),
      signedDate: toDate(values.signedDate),
      startDate: toDate(values.startDate),
      endDate: toDate(values.endDate),
      amount: values.amount ?? 0,
      remarks: values.remarks?.trim() ?? '',
    });

  const initialValues: Partial<ContractValues> | undefined = contract
    ? {
        number: contract.number,
        customer: contract.customerName,
        title: contract.title,
        signedDate: fromDate(contract.signedDate),
        startDate: fromDate(contract.startDate),
        endDate: fromDate(contract.endDate),
        amount: contract.amount,
        remarks: contract.remarks,
      }
    : undefined;

  return (
    <FormModal<ContractValues> title={contract ? t('contract.editTitle', { number: contract.number }) : t('contract.add')} form={form} initialValues={initialValues} width={640} confirmLoading={saving} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <NumberCustomerRow numberSchema={shape.number} />
      <Form.Item name="title" label={t('fields.title')} rules={[{ required: true, whitespace: true, message: required }, domainRule(shape.title, t)]}>
        <Input maxLength={salesLimits.titleLength} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="signedDate" label={t('fields.signedDate')}>
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="startDate" label={t('fields.startDate')}>
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="endDate"
            label={t('fields.endDate')}
            dependencies={['startDate']}
            rules={[
              crossFieldRule<Dayjs | null>('startDate', (end, start) => {
                const check = addContractRequest.safeParse({ customer: 1, title: 'x', startDate: toDate(start), endDate: toDate(end) });
                const key = check.success ? null : (check.error.issues[0]?.message ?? 'validation.invalid');
                return key && (validationMessage(key, locale) ?? key);
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="amount" label={t('fields.amount')} rules={[domainRule(shape.amount, t)]}>
        <InputNumber min={0} max={salesLimits.amountMax} precision={2} step={100} style={{ width: 240 }} addonAfter={t('fields.yuan')} />
      </Form.Item>
      <RemarksField schema={shape.remarks} />
    </FormModal>
  );
}
