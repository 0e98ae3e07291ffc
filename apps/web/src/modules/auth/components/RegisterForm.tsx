import { Button } from 'antd';
import { IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  limits,
  passwordMessage,
  personNameMessage,
  userNameMessage,
  type AddUserRequest,
} from '@smartdata/domain';
import { required, sameAs } from '@/shared/forms/fieldRules';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useRegister } from '../api/register';
import { useSignIn } from '../api/signIn';
import { accountRule } from './accountRules';
import { AuthInput } from './AuthInput';
import { commonPasswordRule } from './commonPasswordRule';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneCodeFields, phoneCodeRules } from './PhoneCodeFields';

/** Self-registration: phone verified by SMS (purpose=register); signs in right after. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const signIn = useSignIn();
  const form = useLightForm(
    { phone: '', smsCode: '', userName: '', password: '', confirmPassword: '', name: '' },
    {
      ...phoneCodeRules,
      userName: [required(), accountRule(userNameMessage)],
      password: [required(), accountRule(passwordMessage), commonPasswordRule()],
      confirmPassword: [required(), sameAs('password')],
      name: [accountRule(personNameMessage)],
    },
  );

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
      <PhoneCodeFields phone={form.field('phone')} smsCode={form.field('smsCode')} purpose="register" validatePhone={() => form.validateField('phone')} />
      <AuthInput field={form.field('userName')} icon={<UserOutlined />} placeholder={t('fields.userNamePlaceholder')} label={t('fields.userName')} autoComplete="username" maxLength={limits.userNameMax} />
      <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} />
      <AuthInput field={form.field('name')} icon={<IdcardOutlined />} placeholder={t('fields.namePlaceholder')} label={t('fields.name')} autoComplete="name" maxLength={limits.personNameMax} />
      <Button type="primary" htmlType="submit" size="large" block loading={register.isPending || signIn.isPending} className="sd-auth__submit">
        {t('register.submit')}
      </Button>
    </form>
  );
}
