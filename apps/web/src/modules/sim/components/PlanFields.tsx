import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { planPeriods, simLimits } from '@smartdata/domain';

/** A card's plan in one row: its name, period and data allowance (adding and editing a card). */
export function PlanFields() {
  const { t } = useTranslation('sim');
  return (
    <div className="sd-sim-form__row">
      <Form.Item name="planName" label={t('fields.planName')}>
        <Input maxLength={simLimits.planNameLength} />
      </Form.Item>
      <Form.Item name="planPeriod" label={t('fields.planPeriod')}>
        <Select aria-label={t('fields.planPeriod')} options={planPeriods.map((period) => ({ value: period, label: t(`periods.${period}`) }))} />
      </Form.Item>
      <Form.Item name="planMb" label={t('fields.planMb')}>
        <InputNumber min={1} max={simLimits.planMbMax} precision={0} suffix="MB" style={{ width: '100%' }} />
      </Form.Item>
    </div>
  );
}
