import { Form, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { numericFieldTypes, type DataItemSummary } from '@smartdata/domain';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import type { AnalysisFormValues } from '../lib/analysisForm';

interface FieldPickerProps {
  form: FormInstance<AnalysisFormValues>;
  /** Where the `{itemId, fieldName}` pair sits in the form, e.g. `['source']` or `['extraSources', 0]`. */
  name: (string | number)[];
  /** The path of a Form.List row's fields when inside a list (relative), else the same as `name`. */
  fieldPath?: (string | number)[];
  items: DataItemSummary[];
  itemsLoading: boolean;
  itemLabel: string;
  fieldLabel: string;
}

/**
 * A numeric field of a data item the user may read: the item from getDataItemList, then its
 * numeric fields from getDataItem (as the alarm rule form picks its target).
 */
type FieldPath = Parameters<FormInstance<AnalysisFormValues>['setFieldValue']>[0];

export function FieldPicker({ form, name, fieldPath = name, items, itemsLoading, itemLabel, fieldLabel }: FieldPickerProps) {
  const { t } = useTranslation('tasks');
  const itemId = Form.useWatch([...name, 'itemId'] as FieldPath, form) as number | undefined;
  const item = useDataItemQuery(itemId ?? 0);
  const numericFields = (item.data?.fields ?? []).filter((f) => numericFieldTypes.includes(f.type));

  return (
    <div className="sd-task-form__row">
      <Form.Item name={[...fieldPath, 'itemId']} label={itemLabel} rules={[{ required: true, message: t('form.itemRequired') }]} className="sd-task-form__grow">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={itemsLoading}
          placeholder={t('form.itemPlaceholder')}
          options={items.map((i) => ({ value: i.id, label: i.name }))}
          onChange={() => form.setFieldValue([...name, 'fieldName'] as FieldPath, undefined)}
        />
      </Form.Item>
      <Form.Item
        name={[...fieldPath, 'fieldName']}
        label={fieldLabel}
        rules={[{ required: true, message: t('form.fieldRequired') }]}
        className="sd-task-form__grow"
        help={itemId && item.data && numericFields.length === 0 ? t('form.noNumericField') : undefined}
      >
        <Select
          disabled={!itemId}
          loading={item.isFetching}
          placeholder={t('form.fieldPlaceholder')}
          options={numericFields.map((f) => ({ value: f.fieldName, label: f.unit ? `${f.name} (${f.unit})` : f.name }))}
        />
      </Form.Item>
    </div>
  );
}
