import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordMessage, phoneMessage, smsCodeMessage } from '@smartdata/domain';
import { required, sameAs } from '@/shared/forms/fieldRules';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useResetPassword } from '../api/resetPassword';
import { accountRule } from './accountRules';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneField } from './PhoneField';
import { SmsCodeField } from './SmsCodeField';

/** Reset the password with an SMS code (purpose=reset), then back to sign-in. */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const form = useLightForm(
    { phone: '', smsCode: '', password: '', confirmPassword: '' },
    {
      phone: [required(), accountRule(phoneMessage)],
      smsCode: [required(), accountRule(smsCodeMessage)],
      password: [required(), accountRule(passwordMessage)],
      confirmPassword: [required(), sameAs('password')],
    },
  );

  const handleValid = async (values: typeof form.values) => {
    try {
      await reset.run({ phone: values.phone.trim(), smsCode: values.smsCode.trim(), password: values.password });
    } catch {
      return;
    }
    onDone();
  };

  return (
    <form noValidate aria-label={t('reset.title')} onSubmit={form.handleSubmit((values) => void handleValid(values))}>
      <PhoneField field={form.field('phone')} />
      <SmsCodeField
        field={form.field('smsCode')}
        purpose="reset"
        phone={form.values.phone}
        validatePhone={() => form.validateField('phone')}
      />
      <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} labelKey="fields.newPassword" />
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending} className="sd-auth__submit">
        {t('reset.submit')}
      </Button>
    </form>
  );
}
