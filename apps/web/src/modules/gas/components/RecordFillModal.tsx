import { Form, InputNumber, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import type { BlendOrder, FilledMass } from '../api/types';
import { formatFixed } from '../lib/format';

interface Values {
  masses: { key: string; massG?: number; uG?: number }[];
  fillTemperatureC?: number | null;
}

interface Props extends FormDialogProps<{ masses: FilledMass[]; fillTemperatureC?: number }> {
  order: BlendOrder;
}

/**
 * The weighed mass of each parent gas (and its standard uncertainty) after filling: the server
 * turns them into the gravimetric composition (ISO 6142-1) with u and U (k = 2) per component.
 */
export function RecordFillModal({ order, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('gas');
  const [form] = Form.useForm<Values>();
  const steps = order.plan.result.steps;
  const initialValues: Values = {
    masses: steps.map((step) => ({ key: step.parent, massG: Number(step.massG.toFixed(2)), uG: 0.01 })),
    fillTemperatureC: order.input.fillTemperatureC,
  };
  return (
    <FormModal<Values>
      title={t('fill.title', { number: order.number })}
      form={form}
      width={720}
      okText={t('fill.save')}
      confirmLoading={saving}
      initialValues={initialValues}
      onCancel={onCancel}
      onFinish={(values) =>
        onSubmit({
          // onFinish gives the registered fields only: the key is the step's parent.
          masses: values.masses.map((row, index) => ({ key: steps[index]?.parent ?? row.key, massG: Number(row.massG), uG: Number(row.uG) })),
          ...(values.fillTemperatureC === null || values.fillTemperatureC === undefined ? {} : { fillTemperatureC: values.fillTemperatureC }),
        })
      }
    >
      <p className="sd-muted">{t('fill.hint')}</p>
      <Form.List name="masses">
        {(fields) => (
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields.map((field, index) => ({ ...field, step: steps[index] }))}
            columns={[
              { title: t('result.parent'), key: 'parent', render: (_v, row) => <strong>{row.step.parent}</strong> },
              { title: t('fill.target'), key: 'target', align: 'right', className: 'sd-nowrap', render: (_v, row) => `${formatFixed(row.step.massG, 2)} g` },
              {
                title: t('fill.weighed'),
                key: 'mass',
                render: (_v, row) => (
                  <Form.Item
                    name={[row.name, 'massG']}
                    noStyle
                    rules={[{ required: true, message: t('fill.massRequired') }, { type: 'number', min: 0.000001, message: t('fill.massPositive') }]}
                  >
                    <InputNumber aria-label={t('fill.weighedOf', { gas: row.step.parent })} min={0} step={0.01} suffix="g" style={{ width: 150 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('fill.uncertainty'),
                key: 'u',
                render: (_v, row) => (
                  <Form.Item name={[row.name, 'uG']} noStyle rules={[{ required: true, message: t('fill.uRequired') }, { type: 'number', min: 0, message: t('form.nonNegative') }]}>
                    <InputNumber aria-label={t('fill.uncertaintyOf', { gas: row.step.parent })} min={0} step={0.001} suffix="g" style={{ width: 120 }} />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
      </Form.List>
      <Form.Item name="fillTemperatureC" label={t('form.fillTemperature')} className="sd-gas-modal__after-table">
        <InputNumber min={-50} max={100} suffix="°C" style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
