import { Button, Form, InputNumber, Select, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { alarmLevels, alarmLimits, compareOps, conditionKinds } from '@smartdata/domain';
import { newLevelRow, type LevelRowValues, type RuleFormValues } from '../lib/ruleForm';

/** The next level not yet used (highest first), for a new row. */
function nextLevel(rows: readonly LevelRowValues[]): number {
  return [3, 2, 1].find((level) => !rows.some((row) => row.level === level)) ?? 1;
}

/** One to three level rows: level, operator, threshold, kind (simple, lasting with its duration, repeating with its count). */
export function LevelRows({ form }: { form: FormInstance<RuleFormValues> }) {
  const { t } = useTranslation('alarms');
  const rows: LevelRowValues[] = Form.useWatch('levels', form) ?? [];
  const durationOptions = [
    ...alarmLimits.lastingPresets.map((seconds) => ({ value: seconds, label: t(`duration.${seconds}`) })),
    { value: 'custom', label: t('duration.custom') },
  ];

  return (
    <Form.List
      name="levels"
      rules={[
        {
          validator: async (_rule, value: LevelRowValues[] | undefined) => {
            const levels = (value ?? []).map((row) => row.level);
            if (new Set(levels).size !== levels.length) {
              throw new Error(t('ruleForm.levelDuplicate'));
            }
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div className="sd-alarm-levels">
          {fields.map((field, index) => {
            const row = rows[index];
            return (
              <fieldset key={field.key} className="sd-alarm-levels__row" aria-label={t('ruleForm.levelRow', { index: index + 1 })}>
                <Form.Item name={[field.name, 'level']} label={t('ruleForm.level')} className="sd-alarm-levels__level">
                  <Select options={alarmLevels.map((level) => ({ value: level, label: t(`level.${level}`) }))} />
                </Form.Item>
                <Form.Item name={[field.name, 'op']} label={t('ruleForm.op')} className="sd-alarm-levels__op">
                  <Select options={compareOps.map((op) => ({ value: op, label: t(`op.${op}`) }))} />
                </Form.Item>
                <Form.Item name={[field.name, 'threshold']} label={t('ruleForm.threshold')} rules={[{ required: true, message: t('ruleForm.thresholdRequired') }]} className="sd-alarm-levels__threshold">
                  <InputNumber className="sd-alarm-form__number" />
                </Form.Item>
                <Form.Item name={[field.name, 'kind']} label={t('ruleForm.conditionKind')} tooltip={t('ruleForm.conditionKindHint')} className="sd-alarm-levels__kind">
                  <Select options={conditionKinds.map((kind) => ({ value: kind, label: t(`conditionKind.${kind}`) }))} />
                </Form.Item>
                {row?.kind === 'lasting' && (
                  <Form.Item name={[field.name, 'duration']} label={t('ruleForm.duration')} className="sd-alarm-levels__duration">
                    <Select options={durationOptions} />
                  </Form.Item>
                )}
                {row?.kind === 'lasting' && row.duration === 'custom' && (
                  <Form.Item
                    name={[field.name, 'customSeconds']}
                    label={t('ruleForm.customSeconds')}
                    className="sd-alarm-levels__custom"
                    rules={[
                      {
                        required: true,
                        type: 'integer',
                        min: alarmLimits.lastingMinSeconds,
                        max: alarmLimits.lastingMaxSeconds,
                        message: t('ruleForm.customSecondsRange', { min: alarmLimits.lastingMinSeconds, max: alarmLimits.lastingMaxSeconds }),
                      },
                    ]}
                  >
                    <InputNumber min={alarmLimits.lastingMinSeconds} max={alarmLimits.lastingMaxSeconds} precision={0} suffix={t('ruleForm.seconds')} className="sd-alarm-form__number" />
                  </Form.Item>
                )}
                {row?.kind === 'repeating' && (
                  <Form.Item
                    name={[field.name, 'count']}
                    label={t('ruleForm.count')}
                    className="sd-alarm-levels__custom"
                    rules={[
                      {
                        required: true,
                        type: 'integer',
                        min: alarmLimits.repeatingMin,
                        max: alarmLimits.repeatingMax,
                        message: t('ruleForm.countRange', { min: alarmLimits.repeatingMin, max: alarmLimits.repeatingMax }),
                      },
                    ]}
                  >
                    <InputNumber min={alarmLimits.repeatingMin} max={alarmLimits.repeatingMax} precision={0} className="sd-alarm-form__number" />
                  </Form.Item>
                )}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                  aria-label={t('ruleForm.removeLevel')}
                  title={t('ruleForm.removeLevel')}
                  className="sd-alarm-levels__remove"
                />
              </fieldset>
            );
          })}
          <Form.ErrorList errors={errors} />
          {fields.length < alarmLimits.levelsMax && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newLevelRow(nextLevel(rows)))}>
              {t('ruleForm.addLevel')}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
