import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Radio, Select, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CalculatorOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { gasLimits } from '@smartdata/domain';
import { useGasesQuery } from '../api/calculation';
import type { PlanRequest } from '../api/types';
import {
  blendProblems,
  defaultBlendValues,
  defaultParent,
  moveInOrder,
  overWorkingPressure,
  parentKeys,
  reconcileOrder,
  toPlanRequest,
  type BlendFormValues,
} from '../lib/blendForm';
import { GasSelect } from './GasSelect';
import { ParentFields, UNIT_OPTIONS } from './ParentFields';

interface Props {
  initial?: { values: BlendFormValues; order: string[] };
  calculating: boolean;
  onCalculate: (request: PlanRequest) => void;
}

/**
 * The blending calculator's input: cylinder (water volume, final and working pressure, gauge or
 * absolute), reference and fill temperature, target components with value and unit and the gas
 * each is filled from (pure with purity and impurities, or a premix), the balance gas and its
 * parent, the method and the fill order. The server's rules are checked here first
 * (blendProblems); Calculate sends only a form without problems.
 */
export function BlendForm({ initial, calculating, onCalculate }: Props) {
  const { t } = useTranslation('gas');
  const [form] = Form.useForm<BlendFormValues>();
  const start = useMemo(() => initial ?? { values: defaultBlendValues(), order: [] as string[] }, [initial]);
  const [order, setOrder] = useState<string[]>(start.order);
  const [tried, setTried] = useState(false);
  const gases = useGasesQuery();
  const known = useMemo(() => new Set((gases.data ?? []).map((g) => g.gas)), [gases.data]);
  const values = (Form.useWatch([], form) as BlendFormValues | undefined) ?? start.values;
  const targets = values.targets ?? [];
  const keys = parentKeys({ targets, balance: values.balance });
  const fillOrder = reconcileOrder(order, keys);
  const problems = blendProblems({ ...start.values, ...values, targets }, known);
  const overWorking = overWorkingPressure(values);
  const modeUnit = values.pressureMode === 'absolute' ? t('units.barAbs') : t('units.barGauge');

  const handleFinish = (finished: BlendFormValues) => {
    setTried(true);
    if (blendProblems(finished, known).length > 0) {
      return;
    }
    onCalculate(toPlanRequest(finished, fillOrder));
  };

  return (
    <Form<BlendFormValues>
      form={form}
      layout="vertical"
      initialValues={start.values}
      onFinish={handleFinish}
      onFinishFailed={() => setTried(true)}
      className="sd-gas-form"
      aria-label={t('form.title')}
    >
      <Card size="small" title={t('form.cylinder')}>
        <div className="sd-gas-form__grid">
          <Form.Item name="method" label={t('form.method')} className="sd-gas-form__full">
            <Radio.Group
              options={[
                { value: 'manometric', label: t('methods.manometric') },
                { value: 'gravimetric', label: t('methods.gravimetric') },
              ]}
            />
          </Form.Item>
          <Form.Item name="volumeL" label={t('form.volume')} rules={[{ required: true, message: t('form.problems.volume', { max: gasLimits.volumeLMax }) }, { type: 'number', min: 0.001, max: gasLimits.volumeLMax, message: t('form.problems.volume', { max: gasLimits.volumeLMax }) }]}>
            <InputNumber min={0} max={gasLimits.volumeLMax} step={1} suffix="L" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={t('form.finalPressure')} required className="sd-gas-form__wide">
            <Space.Compact block>
              <Form.Item name="pressureBar" noStyle rules={[{ required: true, message: t('form.problems.pressure', { max: gasLimits.pressureBarMax }) }, { type: 'number', min: 0.001, max: gasLimits.pressureBarMax, message: t('form.problems.pressure', { max: gasLimits.pressureBarMax }) }]}>
                <InputNumber aria-label={t('form.finalPressure')} min={0} max={gasLimits.pressureBarMax} step={1} style={{ width: '50%' }} />
              </Form.Item>
              <Form.Item name="pressureMode" noStyle>
                <Select
                  aria-label={t('form.pressureMode')}
                  style={{ width: '50%' }}
                  options={[
                    { value: 'gauge', label: t('units.barGauge') },
                    { value: 'absolute', label: t('units.barAbs') },
                  ]}
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="workingPressureBar" label={t('form.workingPressure')} extra={t('form.workingPressureHint')}>
            <InputNumber min={0} step={1} suffix={modeUnit} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="referenceTemperatureC" label={t('form.referenceTemperature')} extra={t('form.referenceTemperatureHint')} rules={[{ required: true, message: t('form.valueRequired') }]}>
            <InputNumber min={gasLimits.temperatureCMin} max={gasLimits.temperatureCMax} suffix="°C" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="fillTemperatureC" label={t('form.fillTemperature')} extra={t('form.fillTemperatureHint')} rules={[{ required: true, message: t('form.valueRequired') }]}>
            <InputNumber min={gasLimits.temperatureCMin} max={gasLimits.temperatureCMax} suffix="°C" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        {overWorking && <Alert type="warning" showIcon title={t('form.overWorkingPressure')} />}
      </Card>

      <Card size="small" title={t('form.components')}>
        <p className="sd-muted sd-gas-card-hint">{t('form.componentsHint')}</p>
        <Form.List name="targets">
          {(fields, { add, remove }) => (
            <div className="sd-gas-form__targets">
              {fields.map((field, index) => {
                const gas = targets[index]?.gas ?? '';
                return (
                  <section key={field.key} className="sd-gas-target" aria-label={t('form.componentN', { n: index + 1 })}>
                    <div className="sd-gas-target__head">
                      <Form.Item name={[field.name, 'gas']} label={t('form.component')} rules={[{ required: true, message: t('form.gasRequired') }]}>
                        <GasSelect aria-label={t('form.componentGas', { n: index + 1 })} style={{ width: 180 }} exclude={[...targets.map((row) => row.gas ?? ''), values.balance ?? '']} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'value']}
                        label={t('form.value')}
                        rules={[{ required: true, message: t('form.valueRequired') }, { validator: (_rule, value?: number | null) => (value === undefined || value === null || value > 0 ? Promise.resolve() : Promise.reject(new Error(t('form.positive')))) }]}
                      >
                        <InputNumber aria-label={t('form.componentValue', { n: index + 1 })} min={0} style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'unit']} label={t('form.unit')}>
                        <Select aria-label={t('form.componentUnit', { n: index + 1 })} options={UNIT_OPTIONS} style={{ width: 84 }} />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('form.removeTarget', { n: index + 1 })}
                        disabled={fields.length === 1}
                        onClick={() => remove(field.name)}
                        className="sd-gas-target__remove"
                      />
                    </div>
                    <ParentFields prefix={[field.name]} absolute={['targets', field.name]} gas={gas} />
                  </section>
                );
              })}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ unit: '%', ...defaultParent() })}>
                {t('form.addTarget')}
              </Button>
            </div>
          )}
        </Form.List>
        <section className="sd-gas-target sd-gas-target--balance" aria-label={t('form.balance')}>
          <div className="sd-gas-target__head">
            <Form.Item name="balance" label={t('form.balance')} extra={t('form.balanceHint')} rules={[{ required: true, message: t('form.problems.balanceMissing') }]}>
              <GasSelect aria-label={t('form.balance')} style={{ width: 200 }} exclude={targets.map((row) => row.gas ?? '')} />
            </Form.Item>
          </div>
          <ParentFields prefix={['balanceParent']} absolute={['balanceParent']} gas={values.balance ?? ''} />
        </section>
      </Card>

      <Card size="small" title={t('form.fillOrder')}>
        <p className="sd-muted sd-gas-card-hint">{t('form.fillOrderHint')}</p>
        {fillOrder.length === 0 ? (
          <span className="sd-muted">{t('form.fillOrderEmpty')}</span>
        ) : (
          <ol className="sd-gas-order" aria-label={t('form.fillOrder')}>
            {fillOrder.map((key, index) => (
              <li key={key} className="sd-gas-order__item">
                <span className="sd-gas-order__n">{index + 1}</span>
                <span className="sd-gas-order__gas">{key}</span>
                {key === values.balance && <span className="sd-muted">{t('form.balanceShort')}</span>}
                <span className="sd-page__toolbar-spacer" />
                <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('form.moveUp', { gas: key })} disabled={index === 0} onClick={() => setOrder(moveInOrder(fillOrder, key, -1))} />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('form.moveDown', { gas: key })}
                  disabled={index === fillOrder.length - 1}
                  onClick={() => setOrder(moveInOrder(fillOrder, key, 1))}
                />
              </li>
            ))}
          </ol>
        )}
      </Card>

      {tried && problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('form.problemsTitle')}
          description={
            <ul className="sd-gas-problems">
              {problems.map((problem, index) => (
                <li key={`${problem.key}-${index}`}>{t(problem.key, problem.values)}</li>
              ))}
            </ul>
          }
        />
      )}
      <div className="sd-gas-form__submit">
        <Button type="primary" htmlType="submit" icon={<CalculatorOutlined />} loading={calculating}>
          {t('form.calculate')}
        </Button>
      </div>
    </Form>
  );
}
