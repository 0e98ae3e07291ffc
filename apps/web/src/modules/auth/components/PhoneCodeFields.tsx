import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits, phoneMessage, smsCodeMessage, type SmsPurpose } from '@smartdata/domain';
import { required } from '@/shared/forms/fieldRules';
import type { LightField } from '@/shared/forms/useLightForm';
import { accountRule } from './accountRules';
import { AuthInput } from './AuthInput';
import { SmsCodeField } from './SmsCodeField';

interface PhoneCodeFieldsProps {
  phone: LightField;
  smsCode: LightField;
  purpose: SmsPurpose;
  /** Checks the phone field (and shows its problem); the code is sent only when it is valid. */
  validatePhone: () => boolean;
}

/** The two fields' rules (the domain's phone and code patterns), for the light form holding them. */
export const phoneCodeRules = { phone: [required(), accountRule(phoneMessage)], smsCode: [required(), accountRule(smsCodeMessage)] };

/** A phone number and the SMS code sent to it (sign-in by SMS, registration, password reset). */
export function PhoneCodeFields({ phone, smsCode, purpose, validatePhone }: PhoneCodeFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthInput field={phone} icon={<MobileOutlined />} placeholder={t('fields.phonePlaceholder')} label={t('fields.phone')} inputMode="tel" autoComplete="tel" maxLength={limits.phoneLength} />
      <SmsCodeField field={smsCode} purpose={purpose} phone={phone.value} validatePhone={validatePhone} />
    </>
  );
}
