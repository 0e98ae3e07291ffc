import { App, Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordSchema } from '@smartdata/domain';
import { PasswordInput } from '@/shared/components/inputs';
import { zodRule } from '@/shared/forms/zodRule';
import { useCommonPasswordList } from '@/modules/auth/components/commonPasswordRule';
import { crossFieldRule } from '@/shared/forms/crossFieldRule';
import { useChangePasswordMutation } from '../api/changePassword';
import { ConfirmPasswordField } from './ConfirmPasswordField';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface ChangePasswordCardProps {
  /** The forced change at first sign-in: its own title and text, and what follows a success. */
  forced?: boolean;
  onChanged?: () => void;
}

/** Changes the password: the old one, a new one by the domain's rules, typed twice. */
export function ChangePasswordCard({ forced = false, onChanged }: ChangePasswordCardProps = {}) {
  useCommonPasswordList();
  const { t } = useTranslation(['users', 'texts', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePasswordMutation();
  const required = { required: true, message: t('validation.required', { ns: 'common' }) };

  // Awaited rather than mutate's per-call callbacks: those are dropped when the card re-mounts
  // while the call runs (the forced change at first sign-in sits in the console's guard).
  const handleFinish = async (values: PasswordValues) => {
    try {
      await change.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword });
    } catch {
      return; // Shown by the API client.
    }
    void message.success(forced ? t('forcedPassword.done') : t('texts:operationSuccess'));
    form.resetFields();
    onChanged?.();
  };

  return (
    <Card title={forced ? t('forcedPassword.title') : t('password.title')} className="sd-userinfo__card">
      <p className="sd-muted sd-userinfo__intro">{forced ? t('forcedPassword.intro') : t('password.intro')}</p>
      <Form<PasswordValues> form={form} layout="vertical" onFinish={(values) => void handleFinish(values)} className="sd-userinfo__form">
        <Form.Item name="oldPassword" label={t('password.old')} rules={[required]}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.new')} extra={t('password.rule')} rules={[required, zodRule(passwordSchema, t), crossFieldRule<string>('oldPassword', (value, old) => value && value === old && t('password.sameAsOld'))]}>
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <ConfirmPasswordField of="newPassword" />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
