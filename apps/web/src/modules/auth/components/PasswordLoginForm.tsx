import { Button } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits } from '@smartdata/domain';
import { Input, PasswordInput } from '@/shared/components/inputs';
import { required } from '@/shared/forms/fieldRules';
import { FormField, inputProps } from '@/shared/forms/FormField';
import { useLightForm } from '@/shared/forms/useLightForm';
import { useSignIn } from '../api/signIn';

/** Sign-in with account (user name) and password. */
export function PasswordLoginForm() {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const form = useLightForm({ username: '', password: '' }, { username: [required()], password: [required()] });
  const username = form.field('username');
  const password = form.field('password');

  return (
    <form
      noValidate
      aria-label={t('login.tabs.account')}
      onSubmit={form.handleSubmit((values) => signIn.start({ username: values.username.trim(), password: values.password }))}
    >
      <FormField inputId={username.id} error={username.error}>
        <Input
          {...inputProps(username)}
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('fields.userNamePlaceholder')}
          aria-label={t('fields.userName')}
          autoComplete="username"
          maxLength={limits.userNameMax}
        />
      </FormField>
      <FormField inputId={password.id} error={password.error}>
        <PasswordInput
          {...inputProps(password)}
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('fields.passwordPlaceholder')}
          aria-label={t('fields.password')}
          autoComplete="current-password"
          maxLength={limits.passwordMax}
        />
      </FormField>
      <Button type="primary" htmlType="submit" size="large" block loading={signIn.isPending} className="sd-auth__submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
