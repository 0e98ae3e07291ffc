import { AutoComplete, Button, Form, Input, InputNumber, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addOutboundRequest, inventoryLimits, shipRequest, validationMessage, type AddOutboundRequest, type ShipRequest } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { crossFieldRule } from '@/shared/forms/crossFieldRule';
import { PICK_LIST_SIZE } from '../api/keys';
import { useCustomerListQuery } from '../api/masterData';
import { parseSerials } from '../lib/serials';
import { ItemPicker, WarehousePicker } from './pickers';
import { scannedSerials, SerialScanField, serialScanRule } from './SerialScanField';
import { useQuantityRules } from './StockDocumentForms';

interface OutboundValues {
  warehouseId: number;
  customer: string;
  serials?: string;
  lines?: { itemId?: number; quantity?: number }[];
  remarks?: string;
}

/**
 * An outbound order: from a warehouse to a customer (picked, or a new name that becomes a
 * customer), devices by serial and/or lines of plain items, remarks. The stock leaves the
 * warehouse with the order; shipping records carrier and tracking number.
 */
export function OutboundFormModal({ saving, onSubmit, onCancel }: FormDialogProps<AddOutboundRequest>) {
  const { t } = useTranslation('inventory');
  const locale = useLocale();
  const [form] = Form.useForm<OutboundValues>();
  const customers = useCustomerListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const quantityRules = useQuantityRules();
  const required = validationMessage('validation.required', locale) ?? '';
  const customerList = customers.data?.list ?? [];

  // Devices by serial, lines of plain items, or both: an order with neither is refused here first.
  const somethingToShip = crossFieldRule<string, unknown[]>('lines', (serials, lines) => parseSerials(serials).valid.length === 0 && !lines?.length && t('outbound.nothing'));

  const handleFinish = (values: OutboundValues) => {
    const name = values.customer.trim();
    const known = customerList.find((c) => c.name === name);
    onSubmit({
      warehouseId: values.warehouseId,
      customer: known ? known.id : name,
      serials: scannedSerials(values.serials),
      lines: values.lines?.length ? values.lines.map((line) => ({ itemId: line.itemId!, quantity: line.quantity! })) : undefined,
      remarks: values.remarks?.trim() || undefined,
    });
  };

  return (
    <FormModal<OutboundValues> title={t('outbound.add')} form={form} width={600} confirmLoading={saving} okText={t('outbound.submit')} onCancel={onCancel} onFinish={handleFinish}>
      <Form.Item name="warehouseId" label={t('fields.warehouse')} rules={[{ required: true, message: required }]}>
        <WarehousePicker />
      </Form.Item>
      <Form.Item
        name="customer"
        label={t('fields.customer')}
        extra={t('outbound.customerHint')}
        rules={[{ required: true, whitespace: true, message: required }, domainRule(addOutboundRequest.shape.customer.options[1], t)]}
      >
        <AutoComplete
          options={customerList.map((c) => ({ value: c.name }))}
          showSearch={{ filterOption: (input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase()) }}
          placeholder={t('outbound.customerPlaceholder')}
          maxLength={inventoryLimits.nameLength}
        />
      </Form.Item>
      <Form.Item name="serials" label={t('serials.label')} dependencies={['lines']} rules={[serialScanRule(t, { required: false }), somethingToShip]}>
        <SerialScanField />
      </Form.Item>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <Form.Item label={t('outbound.lines')}>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" className="sd-inventory__line">
                <Form.Item name={[field.name, 'itemId']} rules={[{ required: true, message: required }]}>
                  <ItemPicker serialized={false} style={{ width: 280 }} aria-label={t('lines.itemN', { n: index + 1 })} />
                </Form.Item>
                <Form.Item name={[field.name, 'quantity']} rules={quantityRules}>
                  <InputNumber min={1} max={inventoryLimits.quantityMax} precision={0} style={{ width: 140 }} placeholder={t('fields.quantity')} aria-label={t('lines.quantityN', { n: index + 1 })} />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('lines.remove')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= inventoryLimits.linesMax}>
              {t('lines.add')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="remarks" label={t('fields.remarks')} rules={[domainRule(addOutboundRequest.shape.remarks, t)]}>
        <Input.TextArea maxLength={inventoryLimits.remarksLength} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}

type ShipValues = Omit<ShipRequest, 'id'>;

/** Shipping an open outbound order: carrier and tracking number (the devices become shipped out). */
export function ShipFormModal({ saving, onSubmit, onCancel }: FormDialogProps<ShipValues>) {
  const { t } = useTranslation('inventory');
  const locale = useLocale();
  const [form] = Form.useForm<ShipValues>();
  const required = validationMessage('validation.required', locale) ?? '';
  const handleFinish = (values: ShipValues) => onSubmit({ carrier: values.carrier.trim(), trackingNo: values.trackingNo.trim() });
  return (
    <FormModal<ShipValues> title={t('outbound.ship')} form={form} width={480} confirmLoading={saving} okText={t('outbound.shipSubmit')} onCancel={onCancel} onFinish={handleFinish}>
      <Form.Item name="carrier" label={t('fields.carrier')} rules={[{ required: true, whitespace: true, message: required }, domainRule(shipRequest.shape.carrier, t)]}>
        <Input autoFocus maxLength={inventoryLimits.carrierLength} />
      </Form.Item>
      <Form.Item name="trackingNo" label={t('fields.trackingNo')} rules={[{ required: true, whitespace: true, message: required }, domainRule(shipRequest.shape.trackingNo, t)]}>
        <Input maxLength={inventoryLimits.trackingNoLength} className="sd-mono" />
      </Form.Item>
    </FormModal>
  );
}
