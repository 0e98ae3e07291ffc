import { useState } from 'react';
import { Button } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits, type SmsPurpose } from '@smartdata/domain';
import { Input } from '@/shared/components/inputs';
import { FormField, inputProps } from '@/shared/forms/FormField';
import type { LightField } from '@/shared/forms/useLightForm';
import { useCountdown } from '@/shared/hooks/useCountdown';
import { useSendSmsCode } from '../api/sendSmsCode';

interface SmsCodeFieldProps {
  field: LightField;
  purpose: SmsPurpose;
  /** The number that receives the code. */
  phone: string;
  /** Checks the phone field (and shows its problem); the code is sent only when it is valid. */
  validatePhone: () => boolean;
}

/** Verification-code input with its send button and the 60 s resend countdown. */
export function SmsCodeField({ field, purpose, phone, validatePhone }: SmsCodeFieldProps) {
  const { t } = useTranslation('auth');
  const { secondsLeft, start } = useCountdown();
  const sendCode = useSendSmsCode(purpose);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSend = async () => {
    if (!validatePhone()) {
      return;
    }
    try {
      const sent = await sendCode.run(phone.trim());
      start(sent.resendAfterSeconds > 0 ? sent.resendAfterSeconds : limits.smsResendSeconds);
      setSentTo(phone.trim());
    } catch {
      // The API client already showed the notification (e.g. 42900 resend too soon).
    }
  };

  const waiting = secondsLeft > 0;
  return (
    <FormField inputId={field.id} error={field.error}>
      <div className="sd-sms">
        <Input
          {...inputProps(field)}
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={t('fields.smsCodePlaceholder')}
          aria-label={t('fields.smsCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={limits.smsCodeLength}
        />
        <Button size="large" className="sd-sms__button" onClick={() => void handleSend()} disabled={waiting} loading={sendCode.isPending}>
          {waiting ? t('sms.resendIn', { seconds: secondsLeft }) : t('sms.send')}
        </Button>
      </div>
      {sentTo !== null && !field.error && (
        <p className="sd-sms__sent" role="status">
          {t('sms.sent')}
        </p>
      )}
    </FormField>
  );
}
