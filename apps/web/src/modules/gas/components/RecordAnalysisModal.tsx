import { Form, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import type { AnalysisResult, BlendOrder, FractionUnit } from '../api/types';
import { formatWithUncertainty, toFraction } from '../lib/format';
import { UNIT_OPTIONS } from './ParentFields';

export const ANALYSIS_METHODS = ['ISO 6143', 'ISO 6974', 'ISO 12963'] as const;

interface Row {
  gas: string;
  value?: number;
  unit: FractionUnit;
  U?: number | null;
}

interface Values {
  method: string;
  results: Row[];
}

interface Props extends FormDialogProps<{ method: string; results: AnalysisResult[] }> {
  order: BlendOrder;
}

/** The analysed amount fraction of each target component (with its expanded uncertainty), checked against the gravimetric value. */
export function RecordAnalysisModal({ order, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('gas');
  const [form] = Form.useForm<Values>();
  const gravimetric = order.fill?.composition ?? [];
  const gases = order.input.targets.map((target) => target.gas);
  const initialValues: Values = {
    method: ANALYSIS_METHODS[0],
    results: gases.map((gas) => {
      const target = order.input.targets.find((row) => row.gas === gas);
      return { gas, unit: target?.unit === 'fraction' || !target ? '%' : target.unit };
    }),
  };
  return (
    <FormModal<Values>
      title={t('analysis.title', { number: order.number })}
      form={form}
      width={760}
      okText={t('analysis.save')}
      confirmLoading={saving}
      initialValues={initialValues}
      onCancel={onCancel}
      onFinish={(values) =>
        onSubmit({
          method: values.method,
          // onFinish gives the registered fields only: the gas is the target's.
          results: values.results.map((row, index) => ({
            gas: gases[index] ?? row.gas,
            fraction: toFraction(Number(row.value), row.unit),
            ...(row.U === null || row.U === undefined ? {} : { u: toFraction(row.U, row.unit) / 2 }),
          })),
        })
      }
    >
      <Form.Item name="method" label={t('analysis.method')} rules={[{ required: true, message: t('form.valueRequired') }]}>
        <Select options={ANALYSIS_METHODS.map((m) => ({ value: m, label: m }))} style={{ width: 200 }} />
      </Form.Item>
      <Form.List name="results">
        {(fields) => (
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields.map((field, index) => ({ ...field, gas: gases[index] }))}
            columns={[
              { title: t('fields.component'), key: 'gas', render: (_v, row) => <strong>{row.gas}</strong> },
              {
                title: t('analysis.gravimetric'),
                key: 'grav',
                className: 'sd-nowrap',
                render: (_v, row) => {
                  const g = gravimetric.find((c) => c.gas === row.gas);
                  return g ? formatWithUncertainty(g.fraction, g.U) : '—';
                },
              },
              {
                title: t('analysis.value'),
                key: 'value',
                render: (_v, row) => (
                  <Form.Item name={[row.name, 'value']} noStyle rules={[{ required: true, message: t('form.valueRequired') }, { type: 'number', min: 0, message: t('form.nonNegative') }]}>
                    <InputNumber aria-label={t('analysis.valueOf', { gas: row.gas })} min={0} style={{ width: 130 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('form.unit'),
                key: 'unit',
                render: (_v, row) => (
                  <Form.Item name={[row.name, 'unit']} noStyle>
                    <Select aria-label={t('analysis.unitOf', { gas: row.gas })} options={UNIT_OPTIONS} style={{ width: 80 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('analysis.expanded'),
                key: 'U',
                render: (_v, row) => (
                  <Form.Item name={[row.name, 'U']} noStyle rules={[{ type: 'number', min: 0, message: t('form.nonNegative') }]}>
                    <InputNumber aria-label={t('analysis.expandedOf', { gas: row.gas })} min={0} style={{ width: 110 }} />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
      </Form.List>
      <p className="sd-muted sd-gas-modal__after-table">{t('analysis.hint')}</p>
    </FormModal>
  );
}

