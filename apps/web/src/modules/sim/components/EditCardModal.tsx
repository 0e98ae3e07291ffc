import { App, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, msisdnSchema, simLimits, type PlanPeriod, type SimCard } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { requiredRule } from '@/shared/forms/zodRule';
import { useUpdateCardMutation } from '../api/updateCard';
import { PlanFields } from './PlanFields';

interface Values {
  number: string;
  planName?: string;
  planPeriod: PlanPeriod;
  planMb?: number | null;
  alertPercent: number;
  dataFrequency?: number | null;
  payloadBytes?: number | null;
  remarks?: string;
}

/** Edits the company's record of a card: number, plan, alert %, the bound gateway's data rate, remarks. */
export function EditCardModal({ card, open, onClose }: { card: SimCard; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['sim', 'texts']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateCardMutation();

  const handleFinish = (values: Values) =>
    update.mutate(
      {
        id: card.id,
        number: values.number.trim(),
        planName: values.planName?.trim() ?? '',
        planPeriod: values.planPeriod,
        planMb: values.planMb ?? null,
        alertPercent: values.alertPercent,
        dataFrequency: values.dataFrequency ?? null,
        payloadBytes: values.payloadBytes ?? null,
        remarks: values.remarks?.trim() ?? '',
      },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          onClose();
        },
      },
    );

  return (
    <FormModal<Values>
      open={open}
      title={t('edit.title', { number: card.number })}
      form={form}
      okText={t('edit.save')}
      confirmLoading={update.isPending}
      width={600}
      initialValues={{
        number: card.number,
        planName: card.planName,
        planPeriod: card.planPeriod,
        planMb: card.planMb,
        alertPercent: card.alertPercent,
        dataFrequency: card.dataFrequency,
        payloadBytes: card.payloadBytes,
        remarks: card.remarks,
      }}
      onFinish={handleFinish}
      onCancel={onClose}
    >
      <Form.Item name="number" label={t('fields.number')} rules={[requiredRule(t), domainRule(msisdnSchema, t)]}>
        <Input inputMode="numeric" maxLength={21} />
      </Form.Item>
      <PlanFields />
      <div className="sd-sim-form__row">
        <Form.Item name="alertPercent" label={t('fields.alertPercent')} extra={t('edit.alertHelp')}>
          <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="dataFrequency" label={t('fields.dataFrequency')}>
          <Select allowClear aria-label={t('fields.dataFrequency')} options={limits.dataFrequencyMinutes.map((minutes) => ({ value: minutes, label: t('bind.minutes', { count: minutes }) }))} />
        </Form.Item>
        <Form.Item name="payloadBytes" label={t('fields.payloadBytes')}>
          <InputNumber min={1} max={simLimits.payloadBytesMax} precision={0} suffix={t('bind.bytes')} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item name="remarks" label={t('fields.remarks')}>
        <Input.TextArea maxLength={simLimits.remarksLength} autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
    </FormModal>
  );
}
