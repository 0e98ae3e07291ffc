import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useSignIn } from '../api/signIn';
import { PhoneCodeFields, phoneCodeRules } from './PhoneCodeFields';

/** Sign-in with phone number and SMS code (purpose=login). */
export function SmsLoginForm() {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const form = useLightForm({ phone: '', smsCode: '' }, phoneCodeRules);

  return (
    <form
      noValidate
      aria-label={t('login.tabs.phone')}
      onSubmit={form.handleSubmit((values) => signIn.start({ phone: values.phone.trim(), smsCode: values.smsCode.trim() }))}
    >
      <PhoneCodeFields phone={form.field('phone')} smsCode={form.field('smsCode')} purpose="login" validatePhone={() => form.validateField('phone')} />
      <Button type="primary" htmlType="submit" size="large" block loading={signIn.isPending} className="sd-auth__submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
