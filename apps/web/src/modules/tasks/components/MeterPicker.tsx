import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeterListItem } from '@smartdata/domain';

interface MeterPickerProps {
  /** Where the meter id sits in the form, e.g. `['source', 'meterId']` or, in a Form.List row, `[0, 'meterId']`. */
  name: (string | number)[];
  meters: readonly MeterListItem[];
  loading: boolean;
  label: string;
}

/** A meter the user may read, as the source of a meter analysis (its consumption is read). */
export function MeterPicker({ name, meters, loading, label }: MeterPickerProps) {
  const { t } = useTranslation('tasks');
  return (
    <div className="sd-task-form__row">
      <Form.Item name={name} label={label} rules={[{ required: true, message: t('form.meterRequired') }]} className="sd-task-form__grow">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={loading}
          placeholder={t('form.meterPlaceholder')}
          notFoundContent={loading ? undefined : t('form.noMeters')}
          options={meters.map((m) => ({ value: m.id, label: m.name }))}
        />
      </Form.Item>
    </div>
  );
}
