import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordSchema, type SysUserItem } from '@smartdata/domain';
import { PasswordInput } from '@/shared/components/inputs';
import { FormModal } from '@/shared/components/FormModal';
import { zodRule } from '@/shared/forms/zodRule';
import { useUpdateSysUserMutation } from '../api/updateSysUser';

interface PasswordValues {
  password: string;
  confirmPassword: string;
}

/** Sets a new password for a user (platform); their sessions end. */
export function SysUserPasswordModal({ user, onClose }: { user: SysUserItem | null; onClose: () => void }) {
  const { t } = useTranslation(['users', 'texts', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdateSysUserMutation();
  const required = { required: true, message: t('validation.required', { ns: 'common' }) };

  const handleFinish = (values: PasswordValues) => {
    if (!user) {
      return;
    }
    update.mutate(
      { id: user.userId, password: values.password },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal<PasswordValues>
      open={user !== null}
      title={t('sysUsers.password.title', { name: user?.userName ?? '' })}
      form={form}
      confirmLoading={update.isPending}
      onFinish={handleFinish}
      onCancel={onClose}
    >
      <p className="sd-muted sd-users__modal-intro">{t('sysUsers.password.intro')}</p>
      <Form.Item name="password" label={t('password.new')} extra={t('password.rule')} rules={[required, zodRule(passwordSchema, t)]}>
        <PasswordInput autoFocus autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['password']}
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) {
                throw new Error(t('validation.passwordMismatch', { ns: 'common' }));
              }
            },
          }),
        ]}
      >
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
