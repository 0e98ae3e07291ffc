import { App, Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordSchema } from '@smartdata/domain';
import { PasswordInput } from '@/shared/components/inputs';
import { zodRule } from '@/shared/forms/zodRule';
import { useChangePasswordMutation } from '../api/changePassword';

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
  const { t } = useTranslation(['users', 'texts', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePasswordMutation();

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
        <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('validation.required', { ns: 'common' }) }]}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          extra={t('password.rule')}
          rules={[
            { required: true, message: t('validation.required', { ns: 'common' }) },
            zodRule(passwordSchema, t),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value === getFieldValue('oldPassword')) {
                  throw new Error(t('password.sameAsOld'));
                }
              },
            }),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('validation.required', { ns: 'common' }) },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword')) {
                  throw new Error(t('validation.passwordMismatch', { ns: 'common' }));
                }
              },
            }),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
