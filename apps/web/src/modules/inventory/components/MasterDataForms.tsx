import type { ReactNode } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  addCategoryRequest,
  addCustomerRequest,
  addItemRequest,
  addWarehouseRequest,
  inventoryLimits,
  warehouseKinds,
  type AddCategoryRequest,
  type AddCustomerRequest,
  type AddItemRequest,
  type AddWarehouseRequest,
} from '@smartdata/domain';
import type { ZodType } from 'zod';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { NameField } from '@/shared/forms/NameField';
import { SwitchField } from '@/shared/forms/SwitchField';
import { CategoryPicker } from './pickers';

const trimmed = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

interface MasterDataModalProps<V> extends Omit<FormDialogProps<V>, 'onSubmit'> {
  title: string;
  /** The name's label and the domain's schema of it. */
  name: { label: string; schema: ZodType };
  initialValues: Partial<V>;
  onFinish: (values: V) => void;
  /** The fields after the name. */
  children: ReactNode;
}

/** The dialog every master-data record shares: its name first (focused), 480 wide, saved with "Save". */
function MasterDataModal<V>({ title, name, initialValues, saving, onCancel, onFinish, children }: MasterDataModalProps<V>) {
  const { t } = useTranslation('inventory');
  const [form] = Form.useForm<V>();
  return (
    <FormModal<V> title={title} form={form} width={480} confirmLoading={saving} initialValues={initialValues} okText={t('actions.save')} onCancel={onCancel} onFinish={onFinish}>
      <NameField schema={name.schema} label={name.label} max={inventoryLimits.nameLength} autoFocus />
      {children}
    </FormModal>
  );
}

/** A category: name and parent (none = a top category). */
export function CategoryFormModal({ onSubmit, parentId, ...dialog }: FormDialogProps<AddCategoryRequest> & { parentId?: number }) {
  const { t } = useTranslation('inventory');
  const handleFinish = (values: AddCategoryRequest) => onSubmit({ name: values.name.trim(), parentId: values.parentId ?? null });
  return (
    <MasterDataModal<AddCategoryRequest> {...dialog} title={t('categories.add')} name={{ label: t('categories.name'), schema: addCategoryRequest.shape.name }} initialValues={{ name: '', parentId }} onFinish={handleFinish}>
      <Form.Item name="parentId" label={t('categories.parent')} extra={t('categories.parentHint')}>
        <CategoryPicker allowClear />
      </Form.Item>
    </MasterDataModal>
  );
}

/** An item: name, category, serialized (a device model: its units are devices), unit. */
export function ItemFormModal({ onSubmit, categoryId, ...dialog }: FormDialogProps<AddItemRequest> & { categoryId?: number }) {
  const { t } = useTranslation('inventory');
  const handleFinish = (values: AddItemRequest) => onSubmit({ name: values.name.trim(), categoryId: values.categoryId ?? null, serialized: values.serialized, unit: trimmed(values.unit) });
  return (
    <MasterDataModal<AddItemRequest> {...dialog} title={t('items.add')} name={{ label: t('items.name'), schema: addItemRequest.shape.name }} initialValues={{ name: '', categoryId, serialized: false, unit: '' }} onFinish={handleFinish}>
      <Form.Item name="categoryId" label={t('items.category')}>
        <CategoryPicker allowClear />
      </Form.Item>
      <SwitchField name="serialized" label={t('items.serialized')} extra={t('items.serializedHint')} />
      <Form.Item name="unit" label={t('items.unit')} rules={[domainRule(addItemRequest.shape.unit, t)]}>
        <Input maxLength={inventoryLimits.unitLength} showCount placeholder={t('items.unitPlaceholder')} />
      </Form.Item>
    </MasterDataModal>
  );
}

/** A warehouse: name and kind (finished goods by default; returns go into a returns warehouse). */
export function WarehouseFormModal({ onSubmit, ...dialog }: FormDialogProps<AddWarehouseRequest>) {
  const { t } = useTranslation('inventory');
  return (
    <MasterDataModal<AddWarehouseRequest> {...dialog} title={t('warehouses.add')} name={{ label: t('warehouses.name'), schema: addWarehouseRequest.shape.name }} initialValues={{ name: '', kind: 'finished' }} onFinish={(values) => onSubmit({ name: values.name.trim(), kind: values.kind })}>
      <Form.Item name="kind" label={t('warehouses.kind')}>
        <Select options={warehouseKinds.map((kind) => ({ value: kind, label: t(`warehouses.kinds.${kind}`) }))} />
      </Form.Item>
    </MasterDataModal>
  );
}

/** A customer: name, contact, phone. */
export function CustomerFormModal({ onSubmit, ...dialog }: FormDialogProps<AddCustomerRequest>) {
  const { t } = useTranslation('inventory');
  const handleFinish = (values: AddCustomerRequest) => onSubmit({ name: values.name.trim(), contact: trimmed(values.contact), phone: trimmed(values.phone) });
  return (
    <MasterDataModal<AddCustomerRequest> {...dialog} title={t('customers.add')} name={{ label: t('customers.name'), schema: addCustomerRequest.shape.name }} initialValues={{ name: '', contact: '', phone: '' }} onFinish={handleFinish}>
      <Form.Item name="contact" label={t('customers.contact')} rules={[domainRule(addCustomerRequest.shape.contact, t)]}>
        <Input maxLength={inventoryLimits.contactLength} />
      </Form.Item>
      <Form.Item name="phone" label={t('customers.phone')} rules={[domainRule(addCustomerRequest.shape.phone, t)]}>
        <Input maxLength={inventoryLimits.contactLength} />
      </Form.Item>
    </MasterDataModal>
  );
}
