import { Checkbox, DatePicker, Form, Input, InputNumber, Select, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { gasLimits } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import type { AnalysisInput, Grade } from '../api/types';
import { formatPurity, purityFigures } from '../lib/purity';
import { PassTag } from './GasTags';

interface Row {
  gas: string;
  valuePpm?: number | null;
  lodPpm?: number;
  belowLod?: boolean;
}

interface Values {
  gradeId?: number;
  cylinderNumber?: string;
  lot?: string;
  analysedAt?: Dayjs;
  results?: Row[];
}

interface Props extends FormDialogProps<AnalysisInput> {
  grades: readonly Grade[];
}

/**
 * An analysis of a high-purity cylinder: its grade, cylinder and lot, and per impurity of the
 * grade the value in ppm or "< LOD" with the detection limit; the purity and pass/fail show as
 * they will be stored.
 */
export function AnalysisFormModal({ grades, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('gas');
  const [form] = Form.useForm<Values>();
  const gradeId = Form.useWatch('gradeId', form);
  const grade = grades.find((g) => g.id === gradeId);
  // The rows follow the grade's impurities in order (pickGrade); the watched rows hold only the
  // registered fields, so each row's gas is read from the grade.
  const gasAt = (index: number): string => grade?.impurities[index]?.gas ?? '';
  const results: Row[] = (Form.useWatch('results', form) ?? []).map((row, index) => ({ ...row, gas: gasAt(index) }));
  const figures = grade
    ? purityFigures(
        grade.grade,
        grade.impurities,
        results.map((row) => ({ gas: row.gas, valuePpm: row.valuePpm ?? null, lodPpm: row.lodPpm ?? 0, belowLod: Boolean(row.belowLod) })),
      )
    : null;
  const pickGrade = (id: number) => {
    const picked = grades.find((g) => g.id === id);
    form.setFieldValue(
      'results',
      (picked?.impurities ?? []).map((spec) => ({ gas: spec.gas, valuePpm: null, lodPpm: Number((spec.maxPpm / 10).toPrecision(3)), belowLod: false })),
    );
  };
  return (
    <FormModal<Values>
      title={t('analysisHp.add')}
      form={form}
      width={760}
      confirmLoading={saving}
      initialValues={{ analysedAt: dayjs(), results: [] }}
      onCancel={onCancel}
      onFinish={(values) =>
        onSubmit({
          gradeId: values.gradeId!,
          cylinderNumber: values.cylinderNumber!.trim(),
          lot: values.lot?.trim() ?? '',
          analysedAt: values.analysedAt!.valueOf(),
          results: (values.results ?? []).map((row, index) => ({ gas: gasAt(index), valuePpm: row.belowLod ? null : Number(row.valuePpm), lodPpm: Number(row.lodPpm ?? 0), belowLod: Boolean(row.belowLod) })),
        })
      }
    >
      <div className="sd-gas-form__pair">
        <Form.Item name="gradeId" label={t('analysisHp.grade')} rules={[{ required: true, message: t('analysisHp.gradeRequired') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('analysisHp.grade')}
            notFoundContent={t('analysisHp.noGrades')}
            options={grades.map((g) => ({ value: g.id, label: `${g.gas} ${g.grade}` }))}
            onChange={(id: number) => pickGrade(id)}
          />
        </Form.Item>
        <Form.Item name="analysedAt" label={t('fields.analysedAt')} rules={[{ required: true, message: t('form.valueRequired') }]}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div className="sd-gas-form__pair">
        <Form.Item name="cylinderNumber" label={t('fields.cylinderNumber')} rules={[{ required: true, whitespace: true, message: t('order.cylinderRequired') }, { max: gasLimits.cylinderNumberLength, message: t('order.tooLong', { max: gasLimits.cylinderNumberLength }) }]}>
          <Input maxLength={gasLimits.cylinderNumberLength} />
        </Form.Item>
        <Form.Item name="lot" label={t('fields.lot')} rules={[{ max: gasLimits.textLength, message: t('order.tooLong', { max: gasLimits.textLength }) }]}>
          <Input maxLength={gasLimits.textLength} />
        </Form.Item>
      </div>
      <Form.List name="results">
        {(fields) =>
          fields.length === 0 ? (
            <p className="sd-muted">{t('analysisHp.pickGradeFirst')}</p>
          ) : (
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields.map((field, index) => ({ ...field, row: results[index] }))}
              columns={[
                { title: t('analysisHp.impurity'), key: 'gas', render: (_v, f) => <strong>{f.row?.gas}</strong> },
                { title: t('analysisHp.max'), key: 'max', align: 'right', render: (_v, f) => `${grade?.impurities.find((s) => s.gas === f.row?.gas)?.maxPpm ?? '—'} ppm` },
                {
                  title: t('analysisHp.value'),
                  key: 'value',
                  render: (_v, f) => (
                    <Form.Item
                      name={[f.name, 'valuePpm']}
                      noStyle
                      rules={[
                        {
                          validator: async (_rule, value?: number | null) => {
                            if (!results[f.name]?.belowLod && (value === null || value === undefined)) {
                              throw new Error(t('analysisHp.valueOrLod', { gas: f.row?.gas }));
                            }
                            if (value !== null && value !== undefined && value < 0) {
                              throw new Error(t('form.nonNegative'));
                            }
                          },
                        },
                      ]}
                    >
                      <InputNumber aria-label={t('analysisHp.valueOf', { gas: f.row?.gas })} min={0} suffix="ppm" disabled={Boolean(f.row?.belowLod)} style={{ width: 140 }} />
                    </Form.Item>
                  ),
                },
                {
                  title: '< LOD',
                  key: 'below',
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'belowLod']} valuePropName="checked" noStyle>
                      <Checkbox aria-label={t('analysisHp.belowLodOf', { gas: f.row?.gas })} />
                    </Form.Item>
                  ),
                },
                {
                  title: t('analysisHp.lod'),
                  key: 'lod',
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'lodPpm']} noStyle rules={[{ required: true, message: t('form.valueRequired') }, { type: 'number', min: 0, message: t('form.nonNegative') }]}>
                      <InputNumber aria-label={t('analysisHp.lodOf', { gas: f.row?.gas })} min={0} suffix="ppm" style={{ width: 130 }} />
                    </Form.Item>
                  ),
                },
              ]}
            />
          )
        }
      </Form.List>
      {figures && (
        <p className="sd-gas-modal__after-table" aria-live="polite">
          {t('analysisHp.preview', { purity: formatPurity(figures.purityPercent), lower: formatPurity(figures.lowerBoundPercent) })} <PassTag pass={figures.pass} />
        </p>
      )}
    </FormModal>
  );
}
