import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { missedRunPolicies, taskLimits } from '@smartdata/domain';

/** What a scheduled task or an analysis does with the runs it missed while the server was down: each policy with its hint. */
export function MissedRunsField({ className }: { className?: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Form.Item name="missedRuns" label={t('form.missedRuns')} tooltip={t('form.missedRunsHint')} className={className}>
      <Radio.Group className="sd-task-form__missed">
        {missedRunPolicies.map((policy) => (
          <Radio key={policy} value={policy}>
            <span>{t(`missed.${policy}`)}</span>
            <span className="sd-muted sd-task-form__missed-hint">{t(`missed.${policy}Hint`, { cap: taskLimits.missedRunsCap })}</span>
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}
