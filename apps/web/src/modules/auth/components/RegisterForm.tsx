import { Button } from 'antd';
import { IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  limits,
  passwordMessage,
  personNameMessage,
  phoneMessage,
  smsCodeMessage,
  userNameMessage,
  type AddUserRequest,
} from '@smartdata/domain';
import { Input } from '@/shared/components/inputs';
import { required, sameAs } from '@/shared/forms/fieldRules';
import { FormField, inputProps } from '@/shared/forms/FormField';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useRegister } from '../api/register';
import { useSignIn } from '../api/signIn';
import { accountRule } from './accountRules';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneField } from './PhoneField';
import { SmsCodeField } from './SmsCodeField';

/** Self-registration: phone verified by SMS (purpose=register); signs in right after. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const signIn = useSignIn();
  const form = useLightForm(
    { phone: '', smsCode: '', userName: '', password: '', confirmPassword: '', name: '' },
    {
      phone: [required(), accountRule(phoneMessage)],
      smsCode: [required(), accountRule(smsCodeMessage)],
      userName: [required(), accountRule(userNameMessage)],
      password: [required(), accountRule(passwordMessage)],
      confirmPassword: [required(), sameAs('password')],
      name: [accountRule(personNameMessage)],
    },
  );
  const userName = form.field('userName');
  const name = form.field('name');

  const handleValid = async (values: typeof form.values) => {
    // Trimmed as addUserRequest trims them (the server checks the request with that schema).
    const name = values.name.trim();
    const request: AddUserRequest = {
      userName: values.userName.trim(),
      password: values.password,
      phone: values.phone.trim(),
      smsCode: values.smsCode.trim(),
      name: name === '' ? undefined : name,
    };
    try {
      await register.run(request);
    } catch {
      return;
    }
    signIn.start({ username: request.userName, password: request.password });
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
