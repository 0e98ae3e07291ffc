import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { getTokenRequest, phoneSchema, smsCodeSchema } from '@smartdata/domain';
import { required, schema } from '@/shared/forms/fieldRules';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useSignInMutation } from '../api/signIn';
import { PhoneField } from './PhoneField';
import { SmsCodeField } from './SmsCodeField';

/** Sign-in with phone number and SMS code (purpose=login). */
export function SmsLoginForm() {
  const { t } = useTranslation('auth');
  const signIn = useSignInMutation();
  const form = useLightForm(
    { phone: '', smsCode: '' },
    { phone: [required(), schema(phoneSchema)], smsCode: [required(), schema(smsCodeSchema)] },
  );

  return (
    <form
      noValidate
      aria-label={t('login.tabs.phone')}
      onSubmit={form.handleSubmit((values) => signIn.mutate(getTokenRequest.parse(values)))}
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
