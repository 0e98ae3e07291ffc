import { Button } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits } from '@smartdata/domain';
import { required } from '@/shared/forms/fieldRules';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useSignIn } from '../api/signIn';
import { AuthInput } from './AuthInput';

/** Sign-in with account (user name) and password. */
export function PasswordLoginForm() {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const form = useLightForm({ username: '', password: '' }, { username: [required()], password: [required()] });

  return (
    <form
      noValidate
      aria-label={t('login.tabs.account')}
      onSubmit={form.handleSubmit((values) => signIn.start({ username: values.username.trim(), password: values.password }))}
    >
      <AuthInput field={form.field('username')} icon={<UserOutlined />} placeholder={t('fields.userNamePlaceholder')} label={t('fields.userName')} autoComplete="username" maxLength={limits.userNameMax} />
      <AuthInput field={form.field('password')} password icon={<LockOutlined />} placeholder={t('fields.passwordPlaceholder')} label={t('fields.password')} autoComplete="current-password" maxLength={limits.passwordMax} />
      <Button type="primary" htmlType="submit" size="large" block loading={signIn.isPending} className="sd-auth__submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
