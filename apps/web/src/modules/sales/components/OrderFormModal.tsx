import { Button, Col, DatePicker, Form, InputNumber, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addSalesOrderRequest, salesLimits, validationMessage, type AddSalesOrderRequest, type SalesOrder } from '@smartdata/domain';
import { ItemPicker, WarehousePicker } from '@/modules/inventory/components/pickers';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useContractListQuery } from '../api/contracts';
import { SALES_PICK_SIZE } from '../api/keys';
import { useStockAvailabilityQuery } from '../api/orders';
import { availabilityOf } from '../lib/salesView';
import { DATE_FORMAT } from './ContractFormModal';
import { customerValue, useCustomers } from './CustomerField';
import { NumberCustomerRow, RemarksField } from './NumberCustomerRow';

interface LineValues {
  itemId?: number;
  warehouseId?: number;
  quantity?: number | null;
}

interface OrderValues {
  number?: string;
  customer: string;
  contractId?: number | null;
  lines?: LineValues[];
  serviceEndDate?: Dayjs | null;
  remarks?: string;
}

interface OrderFormModalProps extends FormDialogProps<AddSalesOrderRequest> {
  /** The draft order being changed; none for a new one. */
  order?: SalesOrder;
  /** A new order under this contract (from the contract's page). */
  contractId?: number;
}

/**
 * A sales order (new, or a draft being changed): number, customer, optional contract (the
 * customer's draft or signed ones), lines of item, warehouse and quantity with what is available
 * there (on hand − reserved), service end date, remarks. Checked with `addSalesOrderRequest`.
 */
export function OrderFormModal({ order, contractId, saving, onSubmit, onCancel }: OrderFormModalProps) {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const [form] = Form.useForm<OrderValues>();
  const customers = useCustomers();
  // Contracts only for those who may read them (sl_contract); others leave an order without one.
  const mayPickContract = useMenuCodes().has('sl_contract');
  const contracts = useContractListQuery({ pageNum: 1, pageSize: SALES_PICK_SIZE }, mayPickContract);
  const stock = useStockAvailabilityQuery();
  const required = validationMessage('validation.required', locale) ?? '';
  const customer = (Form.useWatch('customer', form) ?? '').trim();
  const lines = Form.useWatch('lines', form);
  const shape = addSalesOrderRequest.shape;
  const usable = (contracts.data?.list ?? []).filter((c) => (c.state === 'draft' || c.state === 'active') && (!customer || c.customerName === customer));

  const handleFinish = (values: OrderValues) =>
    onSubmit({
      number: values.number?.trim() || undefined,
      customer: customerValue(values.customer, customers),
      contractId: values.contractId ?? null,
      lines: (values.lines ?? []).map((line) => ({ itemId: line.itemId!, warehouseId: line.warehouseId!, quantity: line.quantity! })),
      serviceEndDate: values.serviceEndDate ? values.serviceEndDate.format(DATE_FORMAT) : null,
      remarks: values.remarks?.trim() ?? '',
    });

  const initialContract = contracts.data?.list.find((c) => c.id === contractId);
  const initialValues: Partial<OrderValues> = order
    ? {
        number: order.number,
        customer: order.customerName,
        contractId: order.contractId,
        lines: order.lines.map((line) => ({ itemId: line.itemId, warehouseId: line.warehouseId, quantity: line.quantity })),
        serviceEndDate: order.serviceEndDate ? dayjs(order.serviceEndDate, DATE_FORMAT) : null,
        remarks: order.remarks,
      }
    : { contractId: contractId ?? null, customer: initialContract?.customerName, lines: [{}] };

  return (
    <FormModal<OrderValues> title={order ? t('order.editTitle', { number: order.number }) : t('order.add')} form={form} initialValues={initialValues} width={820} confirmLoading={saving} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
      <NumberCustomerRow numberSchema={shape.number} />
      <Row gutter={16}>
        {mayPickContract && (
          <Col xs={24} sm={12}>
            <Form.Item name="contractId" label={t('fields.contract')} extra={t('form.contractHint')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={contracts.isPending}
                placeholder={t('form.contractPlaceholder')}
                notFoundContent={t('form.noContract')}
                options={usable.map((c) => ({ value: c.id, label: `${c.number} · ${c.title}` }))}
                onChange={(id?: number) => {
                  const picked = usable.find((c) => c.id === id);
                  if (picked && !customer) {
                    form.setFieldValue('customer', picked.customerName);
                  }
                }}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="serviceEndDate" label={t('fields.serviceEndDate')} extra={t('form.serviceEndHint')}>
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} />
          </Form.Item>
        </Col>
      </Row>
      <Form.List
        name="lines"
        rules={[
          {
            validator: async (_rule, value?: LineValues[]) => {
              const complete = (value ?? []).filter((line) => line.itemId && line.warehouseId);
              const check = shape.lines.safeParse(complete.map((line) => ({ ...line, quantity: line.quantity ?? 1 })));
              if (!check.success) {
                const key = check.error.issues[0]?.message ?? 'validation.invalid';
                throw new Error(validationMessage(key, locale) ?? key);
              }
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label={t('fields.lines')} required>
            <div className="sd-sales-lines">
              {fields.map((field, index) => {
                const line = lines?.[field.name];
                const stockHere = availabilityOf(stock.data?.list ?? [], line?.itemId, line?.warehouseId);
                const short = stockHere !== null && (line?.quantity ?? 0) > stockHere.available;
                return (
                  <div key={field.key} className="sd-sales-lines__row">
                    <Form.Item name={[field.name, 'itemId']} rules={[{ required: true, message: required }]} className="sd-sales-lines__item">
                      <ItemPicker aria-label={t('form.itemN', { n: index + 1 })} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'warehouseId']} rules={[{ required: true, message: required }]} className="sd-sales-lines__warehouse">
                      <WarehousePicker aria-label={t('form.warehouseN', { n: index + 1 })} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'quantity']} rules={[{ required: true, message: required }, domainRule(shape.lines.element.shape.quantity, t)]} className="sd-sales-lines__quantity">
                      <InputNumber min={1} max={salesLimits.quantityMax} precision={0} style={{ width: '100%' }} placeholder={t('fields.quantity')} aria-label={t('form.quantityN', { n: index + 1 })} />
                    </Form.Item>
                    <Typography.Text type={short ? 'warning' : 'secondary'} className="sd-sales-lines__available" data-testid={`available-${index + 1}`}>
                      {stockHere ? t('form.available', { available: stockHere.available, onHand: stockHere.onHand }) : ''}
                    </Typography.Text>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('form.removeLine')} onClick={() => remove(field.name)} disabled={fields.length <= 1} />
                  </div>
                );
              })}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= salesLimits.linesMax}>
                {t('form.addLine')}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          </Form.Item>
        )}
      </Form.List>
      <RemarksField schema={shape.remarks} />
    </FormModal>
  );
}
