import { Button, Form, Input, InputNumber } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { gasLimits, gradePattern } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import type { Grade, GradeInput } from '../api/types';
import { gradeImpurityBudgetPpm, gradeMinPurity } from '../lib/purity';
import { GasSelect } from './GasSelect';

interface Values {
  gas?: string;
  grade?: string;
  impurities?: { gas?: string; maxPpm?: number }[];
  remarks?: string;
}

interface Props extends FormDialogProps<GradeInput> {
  grade?: Grade;
}

/** A high-purity grade: the gas, the grade (N5.0 = 99.999 %), each impurity's maximum in ppm. */
export function GradeFormModal({ grade, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('gas');
  const [form] = Form.useForm<Values>();
  const name = (Form.useWatch('grade', form) ?? '').trim();
  const gas = Form.useWatch('gas', form);
  const impurities = Form.useWatch('impurities', form) ?? [];
  const min = gradeMinPurity(name);
  const budget = gradeImpurityBudgetPpm(name);
  const total = impurities.reduce((sum, row) => sum + (row?.maxPpm ?? 0), 0);
  return (
    <FormModal<Values>
      title={grade ? t('grade.editTitle', { name: `${grade.gas} ${grade.grade}` }) : t('grade.add')}
      form={form}
      width={640}
      confirmLoading={saving}
      initialValues={grade ? { ...grade } : { grade: 'N5.0', impurities: [{}], remarks: '' }}
      onCancel={onCancel}
      onFinish={(values) =>
        onSubmit({
          gas: values.gas!,
          grade: values.grade!.trim(),
          impurities: (values.impurities ?? []).map((row) => ({ gas: row.gas!, maxPpm: Number(row.maxPpm) })),
          remarks: values.remarks?.trim() ?? '',
        })
      }
    >
      <div className="sd-gas-form__pair">
        <Form.Item name="gas" label={t('grade.gas')} rules={[{ required: true, message: t('form.gasRequired') }]}>
          <GasSelect aria-label={t('grade.gas')} />
        </Form.Item>
        <Form.Item
          name="grade"
          label={t('grade.grade')}
          extra={min === null ? t('grade.gradeHint') : t('grade.minPurity', { purity: `${Number((min * 100).toFixed(8))} %`, ppm: budget })}
          rules={[
            { required: true, whitespace: true, message: t('grade.gradeRequired') },
            { pattern: gradePattern, message: t('grade.gradeFormat') },
          ]}
        >
          <Input maxLength={6} placeholder="N5.0" />
        </Form.Item>
      </div>
      <Form.List
        name="impurities"
        rules={[
          {
            validator: async (_rule, rows?: unknown[]) => {
              if (!rows || rows.length === 0) {
                throw new Error(t('grade.impurityRequired'));
              }
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div className="sd-gas-parent__list">
            <span className="sd-gas-label">{t('grade.impurities')}</span>
            {fields.map((field, index) => (
              <div key={field.key} className="sd-gas-parent__row">
                <Form.Item
                  name={[field.name, 'gas']}
                  rules={[
                    { required: true, message: t('form.gasRequired') },
                    {
                      validator: async (_rule, value?: string) => {
                        if (value && value === gas) {
                          throw new Error(t('grade.impurityIsGas'));
                        }
                        if (value && impurities.some((row, other) => other !== index && row?.gas === value)) {
                          throw new Error(t('grade.impurityTwice', { gas: value }));
                        }
                      },
                    },
                  ]}
                >
                  <GasSelect aria-label={t('grade.impurityGas', { n: index + 1 })} style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'maxPpm']} rules={[{ required: true, message: t('form.valueRequired') }, { type: 'number', min: 0, message: t('form.nonNegative') }]}>
                  <InputNumber aria-label={t('grade.maxPpm', { n: index + 1 })} min={0} suffix="ppm" style={{ width: 150 }} />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label={t('form.removeImpurity')} onClick={() => remove(field.name)} />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
              {t('form.addImpurity')}
            </Button>
            {budget !== null && total > budget && <span className="sd-gas-hint-warning">{t('grade.overBudget', { total, budget })}</span>}
          </div>
        )}
      </Form.List>
      <Form.Item name="remarks" label={t('fields.remarks')} className="sd-gas-modal__after-table" rules={[{ max: gasLimits.remarksLength, message: t('order.tooLong', { max: gasLimits.remarksLength }) }]}>
        <Input.TextArea rows={2} maxLength={gasLimits.remarksLength} />
      </Form.Item>
    </FormModal>
  );
}
