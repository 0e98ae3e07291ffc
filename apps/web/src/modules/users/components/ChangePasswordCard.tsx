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

/** Changes the password: the old one, a new one by the domain's rules, typed twice. */
export function ChangePasswordCard() {
  const { t } = useTranslation(['users', 'texts', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePasswordMutation();

  const handleFinish = (values: PasswordValues) => {
    change.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card title={t('password.title')} className="sd-userinfo__card">
      <p className="sd-muted sd-userinfo__intro">{t('password.intro')}</p>
      <Form<PasswordValues> form={form} layout="vertical" onFinish={handleFinish} className="sd-userinfo__form">
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
