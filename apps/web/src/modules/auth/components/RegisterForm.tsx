import { Button } from 'antd';
import { IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addUserRequest, limits, passwordSchema, phoneSchema, smsCodeSchema, userNameSchema } from '@smartdata/domain';
import { Input } from '@/shared/components/inputs';
import { required, sameAs, schema } from '@/shared/forms/fieldRules';
import { FormField, inputProps } from '@/shared/forms/FormField';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useRegisterMutation } from '../api/register';
import { useSignInMutation } from '../api/signIn';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneField } from './PhoneField';
import { SmsCodeField } from './SmsCodeField';

/** The optional name has the limit of addUserRequest (validation.tooLong). */
const nameSchema = z.string().trim().max(limits.personNameMax, 'validation.tooLong');

/** Self-registration: phone verified by SMS (purpose=register); signs in right after. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const register = useRegisterMutation();
  const signIn = useSignInMutation();
  const form = useLightForm(
    { phone: '', smsCode: '', userName: '', password: '', confirmPassword: '', name: '' },
    {
      phone: [required(), schema(phoneSchema)],
      smsCode: [required(), schema(smsCodeSchema)],
      userName: [required(), schema(userNameSchema)],
      password: [required(), schema(passwordSchema)],
      confirmPassword: [required(), sameAs('password')],
      name: [schema(nameSchema)],
    },
  );
  const userName = form.field('userName');
  const name = form.field('name');

  const handleValid = async (values: typeof form.values) => {
    const request = addUserRequest.parse({
      userName: values.userName,
      password: values.password,
      phone: values.phone,
      smsCode: values.smsCode,
      name: values.name.trim() === '' ? undefined : values.name,
    });
    try {
      await register.mutateAsync(request);
    } catch {
      return;
    }
    signIn.mutate({ username: request.userName, password: request.password });
  };

  return (
    <form noValidate aria-label={t('register.title')} onSubmit={form.handleSubmit((values) => void handleValid(values))}>
      <PhoneField field={form.field('phone')} />
      <SmsCodeField
        field={form.field('smsCode')}
        purpose="register"
        phone={form.values.phone}
        validatePhone={() => form.validateField('phone')}
      />
      <FormField inputId={userName.id} error={userName.error}>
        <Input
          {...inputProps(userName)}
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('fields.userNamePlaceholder')}
          aria-label={t('fields.userName')}
          autoComplete="username"
          maxLength={limits.userNameMax}
        />
      </FormField>
      <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} />
      <FormField inputId={name.id} error={name.error}>
        <Input
          {...inputProps(name)}
          size="large"
          prefix={<IdcardOutlined />}
          placeholder={t('fields.namePlaceholder')}
          aria-label={t('fields.name')}
          autoComplete="name"
          maxLength={limits.personNameMax}
        />
      </FormField>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={register.isPending || signIn.isPending}
        className="sd-auth__submit"
      >
        {t('register.submit')}
      </Button>
    </form>
  );
}
