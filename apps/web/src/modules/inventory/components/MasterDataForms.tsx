import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  addCategoryRequest,
  addCustomerRequest,
  addItemRequest,
  addWarehouseRequest,
  inventoryLimits,
  validationMessage,
  warehouseKinds,
  type AddCategoryRequest,
  type AddCustomerRequest,
  type AddItemRequest,
  type AddWarehouseRequest,
} from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { CategoryPicker } from './pickers';

interface ModalProps<V> {
  saving: boolean;
  onSubmit: (values: V) => void;
  onCancel: () => void;
}

const trimmed = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

function useNameRules(schema: Parameters<typeof domainRule>[0]) {
  const { t } = useTranslation('inventory');
  const locale = useLocale();
  return [{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(schema, t)];
}

/** A category: name and parent (none = a top category). */
export function CategoryFormModal({ saving, onSubmit, onCancel, parentId }: ModalProps<AddCategoryRequest> & { parentId?: number }) {
  const { t } = useTranslation('inventory');
  const [form] = Form.useForm<AddCategoryRequest>();
  const nameRules = useNameRules(addCategoryRequest.shape.name);
  return (
    <FormModal<AddCategoryRequest>
      open
      title={t('categories.add')}
      form={form}
      width={480}
      confirmLoading={saving}
      initialValues={{ name: '', parentId }}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={(values) => onSubmit({ name: values.name.trim(), parentId: values.parentId ?? null })}
    >
      <Form.Item name="name" label={t('categories.name')} rules={nameRules}>
        <Input autoFocus maxLength={inventoryLimits.nameLength} showCount />
      </Form.Item>
      <Form.Item name="parentId" label={t('categories.parent')} extra={t('categories.parentHint')}>
        <CategoryPicker allowClear />
      </Form.Item>
    </FormModal>
  );
}

/** An item: name, category, serialized (a device model: its units are devices), unit. */
export function ItemFormModal({ saving, onSubmit, onCancel, categoryId }: ModalProps<AddItemRequest> & { categoryId?: number }) {
  const { t } = useTranslation('inventory');
  const [form] = Form.useForm<AddItemRequest>();
  const nameRules = useNameRules(addItemRequest.shape.name);
  return (
    <FormModal<AddItemRequest>
      open
      title={t('items.add')}
      form={form}
      width={480}
      confirmLoading={saving}
      initialValues={{ name: '', categoryId, serialized: false, unit: '' }}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={(values) => onSubmit({ name: values.name.trim(), categoryId: values.categoryId ?? null, serialized: values.serialized, unit: trimmed(values.unit) })}
    >
      <Form.Item name="name" label={t('items.name')} rules={nameRules}>
        <Input autoFocus maxLength={inventoryLimits.nameLength} showCount />
      </Form.Item>
      <Form.Item name="categoryId" label={t('items.category')}>
        <CategoryPicker allowClear />
      </Form.Item>
      <Form.Item name="serialized" label={t('items.serialized')} valuePropName="checked" extra={t('items.serializedHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name="unit" label={t('items.unit')} rules={[domainRule(addItemRequest.shape.unit, t)]}>
        <Input maxLength={inventoryLimits.unitLength} showCount placeholder={t('items.unitPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}

/** A warehouse: name and kind (finished goods by default; returns go into a returns warehouse). */
export function WarehouseFormModal({ saving, onSubmit, onCancel }: ModalProps<AddWarehouseRequest>) {
  const { t } = useTranslation('inventory');
  const [form] = Form.useForm<AddWarehouseRequest>();
  const nameRules = useNameRules(addWarehouseRequest.shape.name);
  return (
    <FormModal<AddWarehouseRequest>
      open
      title={t('warehouses.add')}
      form={form}
      width={480}
      confirmLoading={saving}
      initialValues={{ name: '', kind: 'finished' }}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={(values) => onSubmit({ name: values.name.trim(), kind: values.kind })}
    >
      <Form.Item name="name" label={t('warehouses.name')} rules={nameRules}>
        <Input autoFocus maxLength={inventoryLimits.nameLength} showCount />
      </Form.Item>
      <Form.Item name="kind" label={t('warehouses.kind')}>
        <Select options={warehouseKinds.map((kind) => ({ value: kind, label: t(`warehouses.kinds.${kind}`) }))} />
      </Form.Item>
    </FormModal>
  );
}

/** A customer: name, contact, phone. */
export function CustomerFormModal({ saving, onSubmit, onCancel }: ModalProps<AddCustomerRequest>) {
  const { t } = useTranslation('inventory');
  const [form] = Form.useForm<AddCustomerRequest>();
  const nameRules = useNameRules(addCustomerRequest.shape.name);
  return (
    <FormModal<AddCustomerRequest>
      open
      title={t('customers.add')}
      form={form}
      width={480}
      confirmLoading={saving}
      initialValues={{ name: '', contact: '', phone: '' }}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={(values) => onSubmit({ name: values.name.trim(), contact: trimmed(values.contact), phone: trimmed(values.phone) })}
    >
      <Form.Item name="name" label={t('customers.name')} rules={nameRules}>
        <Input autoFocus maxLength={inventoryLimits.nameLength} showCount />
      </Form.Item>
      <Form.Item name="contact" label={t('customers.contact')} rules={[domainRule(addCustomerRequest.shape.contact, t)]}>
        <Input maxLength={inventoryLimits.contactLength} />
      </Form.Item>
      <Form.Item name="phone" label={t('customers.phone')} rules={[domainRule(addCustomerRequest.shape.phone, t)]}>
        <Input maxLength={inventoryLimits.contactLength} />
      </Form.Item>
    </FormModal>
  );
}
