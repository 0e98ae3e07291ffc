import { Form, Input } from 'antd';
import { gasLimits } from '@smartdata/domain';
import { useTranslation } from 'react-i18next';
import { ItemPicker, WarehousePicker } from '@/modules/inventory/components/pickers';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import type { OrderFields, PlanParent } from '../api/types';
import { inventoryLinkProblem, mayPickInventory } from '../lib/inventoryLinks';

const CYLINDER_NUMBER_MAX = gasLimits.cylinderNumberLength;
const TEXT_MAX = gasLimits.textLength;
const REMARKS_MAX = gasLimits.remarksLength;

/** What the dialog answers: the order's fields and, per parent key, the inventory item of its cylinders. */
export interface SavedOrderFields extends OrderFields {
  parentItemIds: Record<string, number | undefined>;
}

interface FormValues extends OrderFields {
  parentItemIds?: Record<string, number | undefined>;
}

interface Props extends FormDialogProps<SavedOrderFields> {
  /** The order's own fields when a draft is changed (with its parents' items). */
  initial?: Partial<SavedOrderFields> & OrderFields;
  /** The calculation's parent gases, each of which may name the inventory item of its cylinders. */
  parents: readonly Pick<PlanParent, 'key' | 'delivers'>[];
}

/**
 * The cylinder of a new blending order: number (required), material, valve, remarks; and, for a
 * user who may read inventory's items, the optional links to inventory (issue 20): the item of each
 * parent gas's cylinders, the product's item and the warehouse — filling the order takes one
 * cylinder of each parent item out of the warehouse and brings one product cylinder in.
 */
export function SaveOrderModal({ initial, parents, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('gas');
  const [form] = Form.useForm<FormValues>();
  const inventory = mayPickInventory(useMenuCodes());
  const linksOf = (values: FormValues) => ({
    parentItemIds: Object.fromEntries(parents.map((p) => [p.key, values.parentItemIds?.[p.key] ?? undefined])),
    productItemId: values.productItemId ?? undefined,
    warehouseId: values.warehouseId ?? undefined,
  });
  return (
    <FormModal<FormValues>
      title={initial ? t('order.updateTitle') : t('order.saveTitle')}
      form={form}
      okText={t('order.save')}
      confirmLoading={saving}
      width={inventory ? 620 : undefined}
      initialValues={initial ?? { cylinderMaterial: t('order.defaultMaterial'), valve: 'CGA 590', remarks: '' }}
      onCancel={onCancel}
      onFinish={(values) =>
        onSubmit({
          cylinderNumber: values.cylinderNumber.trim(),
          cylinderMaterial: values.cylinderMaterial?.trim() ?? '',
          valve: values.valve?.trim() ?? '',
          remarks: values.remarks?.trim() ?? '',
          // Without the section, a draft's links stay as they were.
          ...(inventory ? linksOf(values) : { parentItemIds: initial?.parentItemIds ?? {}, productItemId: initial?.productItemId, warehouseId: initial?.warehouseId }),
        })
      }
    >
      <p className="sd-muted">{t('order.saveHint')}</p>
      <Form.Item
        name="cylinderNumber"
        label={t('fields.cylinderNumber')}
        rules={[
          { required: true, whitespace: true, message: t('order.cylinderRequired') },
          { max: CYLINDER_NUMBER_MAX, message: t('order.tooLong', { max: CYLINDER_NUMBER_MAX }) },
        ]}
      >
        <Input autoFocus maxLength={CYLINDER_NUMBER_MAX} />
      </Form.Item>
      <Form.Item name="cylinderMaterial" label={t('fields.cylinderMaterial')} rules={[{ max: TEXT_MAX, message: t('order.tooLong', { max: TEXT_MAX }) }]}>
        <Input maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item name="valve" label={t('fields.valve')} rules={[{ max: TEXT_MAX, message: t('order.tooLong', { max: TEXT_MAX }) }]}>
        <Input maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item name="remarks" label={t('fields.remarks')} rules={[{ max: REMARKS_MAX, message: t('order.tooLong', { max: REMARKS_MAX }) }]}>
        <Input.TextArea rows={2} maxLength={REMARKS_MAX} />
      </Form.Item>
      {inventory && (
        <fieldset className="sd-gas-inventory" aria-label={t('inventory.title')}>
          <legend>{t('inventory.title')}</legend>
          <p className="sd-muted">{t('inventory.hint')}</p>
          {parents.map((parent) => (
            <Form.Item
              key={parent.key}
              name={['parentItemIds', parent.key]}
              label={t('inventory.parentItem', { parent: parent.key === parent.delivers ? parent.key : `${parent.key} (${parent.delivers})` })}
              dependencies={['warehouseId']}
            >
              <ItemPicker serialized={false} allowClear aria-label={t('inventory.parentItem', { parent: parent.key })} />
            </Form.Item>
          ))}
          <Form.Item name="productItemId" label={t('inventory.productItem')} dependencies={['warehouseId']}>
            <ItemPicker serialized={false} allowClear aria-label={t('inventory.productItem')} />
          </Form.Item>
          <Form.Item
            name="warehouseId"
            label={t('inventory.warehouse')}
            dependencies={[...parents.map((p) => ['parentItemIds', p.key]), 'productItemId']}
            rules={[
              {
                validator: async () => {
                  const problem = inventoryLinkProblem(linksOf(form.getFieldsValue(true) as FormValues));
                  if (problem) {
                    throw new Error(t(`inventory.${problem}`));
                  }
                },
              },
            ]}
          >
            <WarehousePicker allowClear aria-label={t('inventory.warehouse')} />
          </Form.Item>
        </fieldset>
      )}
    </FormModal>
  );
}
