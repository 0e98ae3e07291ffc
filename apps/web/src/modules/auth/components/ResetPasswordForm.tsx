import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordMessage } from '@smartdata/domain';
import { required, sameAs } from '@/shared/forms/fieldRules';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useResetPassword } from '../api/resetPassword';
import { accountRule } from './accountRules';
import { commonPasswordRule } from './commonPasswordRule';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneCodeFields, phoneCodeRules } from './PhoneCodeFields';

/** Reset the password with an SMS code (purpose=reset), then back to sign-in. */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const form = useLightForm(
    { phone: '', smsCode: '', password: '', confirmPassword: '' },
    {
      ...phoneCodeRules,
      password: [required(), accountRule(passwordMessage), commonPasswordRule()],
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
      <PhoneCodeFields phone={form.field('phone')} smsCode={form.field('smsCode')} purpose="reset" validatePhone={() => form.validateField('phone')} />
      <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} labelKey="fields.newPassword" />
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending} className="sd-auth__submit">
        {t('reset.submit')}
      </Button>
    </form>
  );
}
