import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { phoneMessage, smsCodeMessage } from '@smartdata/domain';
import { required } from '@/shared/forms/fieldRules';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useSignIn } from '../api/signIn';
import { accountRule } from './accountRules';
import { PhoneField } from './PhoneField';
import { SmsCodeField } from './SmsCodeField';

/** Sign-in with phone number and SMS code (purpose=login). */
export function SmsLoginForm() {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const form = useLightForm(
    { phone: '', smsCode: '' },
    { phone: [required(), accountRule(phoneMessage)], smsCode: [required(), accountRule(smsCodeMessage)] },
  );

  return (
    <form
      noValidate
      aria-label={t('login.tabs.phone')}
      onSubmit={form.handleSubmit((values) => signIn.start({ phone: values.phone.trim(), smsCode: values.smsCode.trim() }))}
    >
      <PhoneField field={form.field('phone')} />
      <SmsCodeField
        field={form.field('smsCode')}
        purpose="login"
        phone={form.values.phone}
        validatePhone={() => form.validateField('phone')}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={signIn.isPending} className="sd-auth__submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
