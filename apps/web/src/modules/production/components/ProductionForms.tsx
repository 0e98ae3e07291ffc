import { Alert, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { inventoryLimits, validationMessage, type AddProductionOrderRequest, type CompleteProductionRequest, type ProductionOrderItem } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { ItemPicker, WarehousePicker } from '@/modules/inventory/components/pickers';
import { scannedSerials, SerialScanField, serialScanRule } from '@/modules/inventory/components/SerialScanField';

function useQuantityRules(max: number) {
  const locale = useLocale();
  const text = validationMessage('inventory.quantity', locale) ?? '';
  return [{ required: true, message: text }, { type: 'integer' as const, min: 1, max, message: text }];
}

/** A production order: which item, how many, into which warehouse. */
export function ProductionOrderFormModal({ saving, onSubmit, onCancel }: FormDialogProps<AddProductionOrderRequest>) {
  const { t } = useTranslation('production');
  const locale = useLocale();
  const [form] = Form.useForm<AddProductionOrderRequest>();
  const required = validationMessage('validation.required', locale) ?? '';
  const quantityRules = useQuantityRules(inventoryLimits.quantityMax);
  return (
    <FormModal<AddProductionOrderRequest> title={t('add.title')} form={form} width={480} confirmLoading={saving} okText={t('add.submit')} onCancel={onCancel} onFinish={onSubmit}>
      <Form.Item name="itemId" label={t('fields.item')} rules={[{ required: true, message: required }]} extra={t('add.itemHint')}>
        <ItemPicker />
      </Form.Item>
      <Form.Item name="quantity" label={t('fields.quantity')} rules={quantityRules}>
        <InputNumber min={1} max={inventoryLimits.quantityMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="warehouseId" label={t('fields.warehouse')} rules={[{ required: true, message: required }]}>
        <WarehousePicker />
      </Form.Item>
    </FormModal>
  );
}

interface CompleteValues {
  serials?: string;
  quantity?: number;
}

/**
 * Completing (part of) an order: the serials of the units made (a device model; each becomes a
 * device, stored in the order's warehouse) or the quantity of a plain item, at most what is left.
 */
export function CompleteProductionModal({ order, serialized, saving, onSubmit, onCancel }: FormDialogProps<CompleteProductionRequest> & { order: ProductionOrderItem; serialized: boolean }) {
  const { t } = useTranslation('production');
  const [form] = Form.useForm<CompleteValues>();
  const left = order.quantity - order.produced;
  const quantityRules = useQuantityRules(left);
  const handleFinish = (values: CompleteValues) => onSubmit(serialized ? { id: order.id, serials: scannedSerials(values.serials) } : { id: order.id, quantity: values.quantity });
  return (
    <FormModal<CompleteValues> title={t('complete.title', { name: order.itemName })} form={form} width={560} confirmLoading={saving} okText={t('complete.submit')} onCancel={onCancel} onFinish={handleFinish}>
      <Alert type="info" showIcon className="sd-production__progress" title={t('complete.progress', { produced: order.produced, quantity: order.quantity, left })} />
      {serialized ? (
        <Form.Item name="serials" label={t('complete.serials')} rules={[serialScanRule(t, { left })]} extra={t('complete.serialsHint')}>
          <SerialScanField left={left} autoFocus />
        </Form.Item>
      ) : (
        <Form.Item name="quantity" label={t('fields.quantity')} rules={quantityRules}>
          <InputNumber min={1} max={left} precision={0} style={{ width: '100%' }} autoFocus />
        </Form.Item>
      )}
    </FormModal>
  );
}
