import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordSchema, type SysUserItem } from '@smartdata/domain';
import { PasswordInput } from '@/shared/components/inputs';
import { FormModal } from '@/shared/components/FormModal';
import { zodRule } from '@/shared/forms/zodRule';
import { useCommonPasswordList } from '@/modules/auth/components/commonPasswordRule';
import { useUpdateSysUserMutation } from '../api/updateSysUser';
import { ConfirmPasswordField } from './ConfirmPasswordField';

interface PasswordValues {
  password: string;
  confirmPassword: string;
}

/** Sets a new password for a user (platform); their sessions end. */
export function SysUserPasswordModal({ user, onClose }: { user: SysUserItem | null; onClose: () => void }) {
  useCommonPasswordList();
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
    <FormModal<PasswordValues> open={user !== null} title={t('sysUsers.password.title', { name: user?.userName ?? '' })} form={form} confirmLoading={update.isPending} onFinish={handleFinish} onCancel={onClose}>
      <p className="sd-muted sd-users__modal-intro">{t('sysUsers.password.intro')}</p>
      <Form.Item name="password" label={t('password.new')} extra={t('password.rule')} rules={[required, zodRule(passwordSchema, t)]}>
        <PasswordInput autoFocus autoComplete="new-password" />
      </Form.Item>
      <ConfirmPasswordField of="password" />
    </FormModal>
  );
}
