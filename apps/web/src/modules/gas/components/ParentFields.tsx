import { Button, Form, InputNumber, Radio, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GasSelect } from './GasSelect';

export const UNIT_OPTIONS = ['%', 'ppm', 'ppb'].map((unit) => ({ value: unit, label: unit }));

interface Props {
  /** The name prefix of this parent inside its form (or form list). */
  prefix: (string | number)[];
  /** The same, from the form's root (to read the kind). */
  absolute: (string | number)[];
  /** The gas this parent delivers (for labels). */
  gas: string;
}

/**
 * How the parent gas that delivers one component is described: a pure gas with its purity (%)
 * and impurities (ppm, each named), or a premix with its certified composition (summing to 100 %).
 */
export function ParentFields({ prefix, absolute, gas }: Props) {
  const { t } = useTranslation('gas');
  const form = Form.useFormInstance();
  const kind = (Form.useWatch([...absolute, 'kind'], form) as string | undefined) ?? 'pure';
  const who = gas || t('form.thisComponent');
  return (
    <div className="sd-gas-parent">
      <Form.Item name={[...prefix, 'kind']} label={t('form.parent')} className="sd-gas-parent__kind">
        <Radio.Group
          optionType="button"
          size="small"
          options={[
            { value: 'pure', label: t('form.pure') },
            { value: 'premix', label: t('form.premix') },
          ]}
        />
      </Form.Item>
      {kind === 'pure' ? (
        <div className="sd-gas-parent__body">
          <Form.Item name={[...prefix, 'purityPercent']} label={t('form.purity')} rules={[{ type: 'number', min: 0.000001, max: 100, message: t('form.problems.purityRange', { gas: who }) }]}>
            <InputNumber aria-label={t('form.purityOf', { gas: who })} min={0} max={100} step={0.001} suffix="%" style={{ width: 150 }} />
          </Form.Item>
          <Form.List name={[...prefix, 'impurities']}>
            {(fields, { add, remove }) => (
              <div className="sd-gas-parent__list">
                {fields.map((field) => (
                  <div key={field.key} className="sd-gas-parent__row">
                    <Form.Item name={[field.name, 'gas']} rules={[{ required: true, message: t('form.gasRequired') }]}>
                      <GasSelect aria-label={t('form.impurityGas', { gas: who })} style={{ width: 170 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'ppm']} rules={[{ required: true, message: t('form.valueRequired') }, { type: 'number', min: 0, message: t('form.nonNegative') }]}>
                      <InputNumber aria-label={t('form.impurityPpm', { gas: who })} min={0} suffix="ppm" style={{ width: 140 }} />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} aria-label={t('form.removeImpurity')} onClick={() => remove(field.name)} />
                  </div>
                ))}
                <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add({ ppm: undefined })}>
                  {t('form.addImpurity')}
                </Button>
              </div>
            )}
          </Form.List>
        </div>
      ) : (
        <Form.List name={[...prefix, 'composition']}>
          {(fields, { add, remove }) => (
            <div className="sd-gas-parent__list sd-gas-parent__body">
              <span className="sd-muted">{t('form.premixHint', { gas: who })}</span>
              {fields.map((field) => (
                <div key={field.key} className="sd-gas-parent__row">
                  <Form.Item name={[field.name, 'gas']} rules={[{ required: true, message: t('form.gasRequired') }]}>
                    <GasSelect aria-label={t('form.premixGas', { gas: who })} style={{ width: 170 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} rules={[{ required: true, message: t('form.valueRequired') }, { type: 'number', min: 0, message: t('form.nonNegative') }]}>
                    <InputNumber aria-label={t('form.premixValue', { gas: who })} min={0} style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'unit']} initialValue="%">
                    <Select aria-label={t('form.unit')} options={UNIT_OPTIONS} style={{ width: 80 }} />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} aria-label={t('form.removeComponent')} onClick={() => remove(field.name)} />
                </div>
              ))}
              <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add({ unit: '%' })}>
                {t('form.addPremixComponent')}
              </Button>
            </div>
          )}
        </Form.List>
      )}
    </div>
  );
}
