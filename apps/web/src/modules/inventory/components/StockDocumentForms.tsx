import { Button, Form, Input, InputNumber, Radio, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addReturnRequest, inventoryLimits, validationMessage, type AddReturnRequest, type AddStockInRequest } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { ItemPicker, WarehousePicker } from './pickers';
import { scannedSerials, SerialScanField, serialScanRule } from './SerialScanField';

interface StockInValues {
  warehouseId: number;
  mode: 'serials' | 'lines';
  itemId?: number;
  serials?: string;
  lines?: { itemId?: number; quantity?: number }[];
}

/** The quantity rule of the domain (whole number 1 … quantityMax), in the form. */
export function useQuantityRules() {
  const { t } = useTranslation('inventory');
  const locale = useLocale();
  const text = validationMessage('inventory.quantity', locale) ?? t('quantity');
  return [{ required: true, message: text }, { type: 'integer' as const, min: 1, max: inventoryLimits.quantityMax, message: text }];
}

/**
 * A stock-in: into a warehouse either devices of a device model, by serial (registered as
 * devices, created then stored), or lines of plain items with their quantities.
 */
export function StockInFormModal({ saving, onSubmit, onCancel }: FormDialogProps<AddStockInRequest>) {
  const { t } = useTranslation('inventory');
  const locale = useLocale();
  const [form] = Form.useForm<StockInValues>();
  const mode = Form.useWatch('mode', form) ?? 'serials';
  const quantityRules = useQuantityRules();
  const required = validationMessage('validation.required', locale) ?? '';
  return (
    <FormModal<StockInValues>
      title={t('stockIn.add')}
      form={form}
      width={560}
      confirmLoading={saving}
      initialValues={{ mode: 'serials', lines: [{}] }}
      okText={t('stockIn.submit')}
      onCancel={onCancel}
      onFinish={(values) =>
        onSubmit(
          values.mode === 'serials'
            ? { warehouseId: values.warehouseId, itemId: values.itemId, serials: scannedSerials(values.serials) }
            : { warehouseId: values.warehouseId, lines: (values.lines ?? []).map((line) => ({ itemId: line.itemId!, quantity: line.quantity! })) },
        )
      }
    >
      <Form.Item name="warehouseId" label={t('fields.warehouse')} rules={[{ required: true, message: required }]}>
        <WarehousePicker />
      </Form.Item>
      <Form.Item name="mode" label={t('stockIn.mode')}>
        <Radio.Group optionType="button" options={[{ value: 'serials', label: t('stockIn.bySerial') }, { value: 'lines', label: t('stockIn.byQuantity') }]} />
      </Form.Item>
      {mode === 'serials' ? (
        <>
          <Form.Item name="itemId" label={t('fields.deviceModel')} rules={[{ required: true, message: required }]}>
            <ItemPicker serialized />
          </Form.Item>
          <Form.Item name="serials" label={t('serials.label')} rules={[serialScanRule(t)]} extra={t('stockIn.serialsHint')}>
            <SerialScanField />
          </Form.Item>
        </>
      ) : (
        <Form.List name="lines" rules={[{ validator: async (_rule, lines?: unknown[]) => { if (!lines?.length) { throw new Error(t('lines.required')); } } }]}>
          {(fields, { add, remove }, { errors }) => (
            <div>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" className="sd-inventory__line">
                  <Form.Item name={[field.name, 'itemId']} label={index === 0 ? t('fields.item') : undefined} rules={[{ required: true, message: required }]}>
                    <ItemPicker serialized={false} style={{ width: 260 }} aria-label={t('lines.itemN', { n: index + 1 })} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} label={index === 0 ? t('fields.quantity') : undefined} rules={quantityRules}>
                    <InputNumber min={1} max={inventoryLimits.quantityMax} precision={0} style={{ width: 140 }} aria-label={t('lines.quantityN', { n: index + 1 })} />
                  </Form.Item>
                  {fields.length > 1 && <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('lines.remove')} onClick={() => remove(field.name)} className={index === 0 ? 'sd-inventory__line-remove' : undefined} />}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= inventoryLimits.linesMax}>
                {t('lines.add')}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
      )}
    </FormModal>
  );
}

interface ReturnValues {
  warehouseId: number;
  serials: string;
  remarks?: string;
}

/** A return: shipped devices, by serial, back into a returns warehouse. */
export function ReturnFormModal({ saving, onSubmit, onCancel }: FormDialogProps<AddReturnRequest>) {
  const { t } = useTranslation('inventory');
  const locale = useLocale();
  const [form] = Form.useForm<ReturnValues>();
  const required = validationMessage('validation.required', locale) ?? '';
  const handleFinish = (values: ReturnValues) => onSubmit({ warehouseId: values.warehouseId, serials: scannedSerials(values.serials), remarks: values.remarks?.trim() || undefined });
  return (
    <FormModal<ReturnValues> title={t('returns.add')} form={form} width={560} confirmLoading={saving} okText={t('returns.submit')} onCancel={onCancel} onFinish={handleFinish}>
      <Form.Item name="warehouseId" label={t('returns.warehouse')} rules={[{ required: true, message: required }]} extra={t('returns.warehouseHint')}>
        <WarehousePicker kind="returns" />
      </Form.Item>
      <Form.Item name="serials" label={t('serials.label')} rules={[serialScanRule(t)]}>
        <SerialScanField />
      </Form.Item>
      <Form.Item name="remarks" label={t('fields.remarks')} rules={[domainRule(addReturnRequest.shape.remarks, t)]}>
        <Input.TextArea maxLength={inventoryLimits.remarksLength} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
