import { App, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { simLimits } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { useChangePlanMutation } from '../api/changePlan';

interface Values {
  planMb: number;
  planName?: string;
}

/** Asks the carrier for a new allowance on cards of one carrier (pending until the next sync). */
export function ChangePlanModal({ ids, open, onClose, onSent }: { ids: number[]; open: boolean; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation('sim');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useChangePlanMutation();

  const handleFinish = ({ planMb, planName }: Values) =>
    change.mutate(
      { ids, planMb, ...(planName?.trim() ? { planName: planName.trim() } : {}) },
      {
        onSuccess: (operations) => {
          void message.success(t('batch.sent', { count: operations.length, action: t('actions.changePlan') }));
          onSent();
          onClose();
        },
      },
    );

  return (
    <FormModal<Values> open={open} title={t('changePlan.title', { count: ids.length })} form={form} okText={t('changePlan.ok')} confirmLoading={change.isPending} onFinish={handleFinish} onCancel={onClose}>
      <p className="sd-muted">{t('changePlan.description')}</p>
      <Form.Item name="planMb" label={t('fields.planMb')} rules={[{ required: true, message: t('changePlan.required') }]}>
        <InputNumber min={1} max={simLimits.planMbMax} precision={0} suffix="MB" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="planName" label={t('fields.planName')}>
        <Input maxLength={simLimits.planNameLength} />
      </Form.Item>
    </FormModal>
  );
}
