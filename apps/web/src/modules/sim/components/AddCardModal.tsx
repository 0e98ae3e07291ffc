import { App, Form, Input, Select } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { iccidSchema, msisdnSchema, simCarriers, simLimits, validationMessage, type AddCardRequest, type PlanPeriod, type SimCarrier } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { requiredRule } from '@/shared/forms/zodRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { useAddCardMutation } from '../api/addCard';
import { iccidHint } from '../lib/simText';
import { PlanFields } from './PlanFields';

interface Values {
  number: string;
  iccid: string;
  carrier: SimCarrier;
  planName?: string;
  planPeriod: PlanPeriod;
  planMb?: number | null;
  remarks?: string;
}

/** The ICCID's check shown while it is typed: digits so far, then whether the Luhn digit holds. */
function IccidHintText({ hint }: { hint: NonNullable<ReturnType<typeof iccidHint>> }) {
  const { t } = useTranslation('sim');
  const locale = useLocale();
  const text = hint.key.startsWith('form.') ? t(hint.key, { count: hint.count }) : (validationMessage(hint.key, locale) ?? hint.key);
  return (
    <span className={hint.ok ? 'sd-sim-iccid-hint sd-sim-iccid-hint--ok' : hint.key.startsWith('form.') ? 'sd-muted' : 'sd-sim-iccid-hint'} data-testid="iccid-hint">
      {hint.ok ? <CheckCircleFilled /> : hint.key.startsWith('form.') ? null : <CloseCircleFilled />} {text}
    </span>
  );
}

/** Adds one card: number, ICCID (checked with its Luhn digit here as on the server), carrier, plan. */
export function AddCardModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['sim', 'texts']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const iccid = Form.useWatch('iccid', form) ?? '';
  // One live message under the ICCID: the count while typing, then the Luhn check (the rule still blocks sending).
  const hint = iccidHint(iccid);
  const add = useAddCardMutation();

  const handleFinish = (values: Values) => {
    const request: AddCardRequest = {
      number: values.number.trim(),
      iccid: values.iccid.trim(),
      carrier: values.carrier,
      planPeriod: values.planPeriod,
      ...(values.planMb ? { planMb: values.planMb } : {}),
      ...(values.planName?.trim() ? { planName: values.planName.trim() } : {}),
      ...(values.remarks?.trim() ? { remarks: values.remarks.trim() } : {}),
    };
    add.mutate(request, {
      onSuccess: () => {
        void message.success(t('form.added', { number: request.number }));
        onClose();
      },
    });
  };

  return (
    <FormModal<Values> open={open} title={t('form.addTitle')} form={form} okText={t('form.add')} confirmLoading={add.isPending} initialValues={{ carrier: 'mobile', planPeriod: 'monthly' }} onFinish={handleFinish} onCancel={onClose}>
      <Form.Item name="number" label={t('fields.number')} rules={[requiredRule(t), domainRule(msisdnSchema, t)]}>
        <Input inputMode="numeric" maxLength={21} placeholder={t('form.numberPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="iccid"
        label="ICCID"
        rules={[requiredRule(t), domainRule(iccidSchema, t)]}
        help={hint ? <IccidHintText hint={hint} /> : undefined}
        validateStatus={hint ? (hint.ok ? 'success' : hint.key.startsWith('form.') ? '' : 'error') : undefined}
        extra={hint ? undefined : t('form.iccidHelp')}
      >
        <Input inputMode="numeric" maxLength={20} className="sd-mono" placeholder={t('form.iccidPlaceholder')} />
      </Form.Item>
      <Form.Item name="carrier" label={t('fields.carrier')} rules={[{ required: true }]}>
        <Select aria-label={t('fields.carrier')} options={simCarriers.map((carrier) => ({ value: carrier, label: t(`carriers.${carrier}`) }))} />
      </Form.Item>
      <PlanFields />
      <Form.Item name="remarks" label={t('fields.remarks')}>
        <Input.TextArea maxLength={simLimits.remarksLength} autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
    </FormModal>
  );
}
