import { useEffect } from 'react';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addSalesOutboundRequest, validationMessage, type AddSalesOutboundRequest, type SalesOrder } from '@smartdata/domain';
import { PICK_LIST_SIZE } from '@/modules/inventory/api/keys';
import { useItemListQuery, useWarehouseListQuery } from '@/modules/inventory/api/masterData';
import { scannedSerials, SerialScanField, serialScanRule } from '@/modules/inventory/components/SerialScanField';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { outboundPlan, outboundWarehouses } from '../lib/salesView';

interface OutboundValues {
  warehouseId?: number;
  serials?: string;
  quantities?: Record<string, number | null>;
  remarks?: string;
}

interface OrderOutboundModalProps extends FormDialogProps<AddSalesOutboundRequest> {
  order: SalesOrder;
}

/**
 * An outbound order for a sales order: out of one of its lines' warehouses, devices by serial
 * (scanned or pasted) and plain items by quantity, prefilled with what is still reserved there.
 */
export function OrderOutboundModal({ order, saving, onSubmit, onCancel }: OrderOutboundModalProps) {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const [form] = Form.useForm<OutboundValues>();
  const items = useItemListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const serializedIds = new Set((items.data?.list ?? []).filter((item) => item.serialized).map((item) => item.id));
  const warehouseIds = outboundWarehouses(order);
  const warehouseId = Form.useWatch('warehouseId', form);
  const plan = outboundPlan(order, warehouseId, (id) => serializedIds.has(id));
  const serialLeft = plan.serialized.reduce((sum, line) => sum + line.left, 0);
  const required = validationMessage('validation.required', locale) ?? '';

  // A new warehouse: its plain lines prefilled with what is still reserved there.
  const planKey = plan.lines.map((line) => `${line.itemId}:${line.quantity}`).join(',');
  useEffect(() => {
    form.setFieldValue('quantities', Object.fromEntries(plan.lines.map((line) => [String(line.itemId), line.quantity])));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- planKey names the plan
  }, [planKey, form]);

  const handleFinish = (values: OutboundValues) => {
    const lines = plan.lines.map((line) => ({ itemId: line.itemId, quantity: values.quantities?.[String(line.itemId)] ?? 0 })).filter((line) => line.quantity > 0);
    onSubmit({
      orderId: order.id,
      warehouseId: values.warehouseId!,
      serials: plan.serialized.length > 0 ? scannedSerials(values.serials) : [],
      lines: lines.length > 0 ? lines : undefined,
      remarks: values.remarks?.trim() || undefined,
    });
  };

  const initialValues: Partial<OutboundValues> = { warehouseId: warehouseIds.length === 1 ? warehouseIds[0] : undefined };
  return (
    <FormModal<OutboundValues> title={t('outbound.title', { number: order.number })} form={form} width={640} confirmLoading={saving} okText={t('outbound.submit')} initialValues={initialValues} onCancel={onCancel} onFinish={handleFinish}>
      <Form.Item name="warehouseId" label={t('fields.warehouse')} rules={[{ required: true, message: required }]} extra={t('outbound.warehouseHint')}>
        <Select
          placeholder={t('outbound.warehousePlaceholder')}
          options={warehouseIds.map((id) => ({ value: id, label: warehouses.data?.list.find((w) => w.id === id)?.name ?? `#${id}` }))}
        />
      </Form.Item>
      {plan.serialized.length > 0 && (
        <Form.Item
          name="serials"
          label={t('outbound.serials')}
          extra={plan.serialized.map((line) => t('outbound.serialsLeft', { item: line.itemName, count: line.left })).join(locale === 'zh-CN' ? '；' : '; ')}
          rules={[serialScanRule(t, { left: serialLeft, required: plan.lines.length === 0 })]}
        >
          <SerialScanField autoFocus />
        </Form.Item>
      )}
      {plan.lines.map((line) => (
        <Form.Item
          key={line.itemId}
          name={['quantities', String(line.itemId)]}
          label={t('outbound.quantityOf', { item: line.itemName })}
          extra={t('outbound.reservedLeft', { count: line.quantity })}
          rules={[{ type: 'number', min: 0, max: line.quantity, message: t('outbound.quantityRange', { max: line.quantity }) }]}
        >
          <InputNumber min={0} max={line.quantity} precision={0} style={{ width: 200 }} />
        </Form.Item>
      ))}
      {warehouseId !== undefined && plan.serialized.length === 0 && plan.lines.length === 0 && <Typography.Text type="secondary">{t('outbound.nothingHere')}</Typography.Text>}
      <Form.Item name="remarks" label={t('fields.remarks')} rules={[domainRule(addSalesOutboundRequest.shape.remarks, t)]}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 3 }} />
      </Form.Item>
    </FormModal>
  );
}
