import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordSchema, phoneSchema, resetPasswordRequest, smsCodeSchema } from '@smartdata/domain';
import { required, sameAs, schema } from '@/shared/forms/fieldRules';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useResetPasswordMutation } from '../api/resetPassword';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneField } from './PhoneField';
import { SmsCodeField } from './SmsCodeField';

/** Reset the password with an SMS code (purpose=reset), then back to sign-in. */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const reset = useResetPasswordMutation();
  const form = useLightForm(
    { phone: '', smsCode: '', password: '', confirmPassword: '' },
    {
      phone: [required(), schema(phoneSchema)],
      smsCode: [required(), schema(smsCodeSchema)],
      password: [required(), schema(passwordSchema)],
      confirmPassword: [required(), sameAs('password')],
    },
  );

  const handleValid = async (values: typeof form.values) => {
    try {
      await reset.mutateAsync(resetPasswordRequest.parse(values));
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
