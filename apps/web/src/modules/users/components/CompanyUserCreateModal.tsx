import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, passwordSchema, phoneSchema, userNameSchema } from '@smartdata/domain';
import { PasswordInput } from '@/shared/components/inputs';
import { FormModal } from '@/shared/components/FormModal';
import { requiredRule, zodRule } from '@/shared/forms/zodRule';
import { useAddCompanyUserMutation, type AddCompanyUserRequest } from '../api/addCompanyUser';
import { RoleSelect } from './RoleSelect';

/**
 * A company administrator creates a user of the current company with an initial password and
 * some of its roles; the user chooses their own password at first sign-in.
 */
export function CompanyUserCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['users', 'texts', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<AddCompanyUserRequest>();
  const add = useAddCompanyUserMutation();

  const handleFinish = (values: AddCompanyUserRequest) => {
    add.mutate(
      {
        userName: values.userName.trim(),
        password: values.password,
        roleIds: values.roleIds ?? [],
        name: values.name?.trim() || undefined,
        phone: values.phone?.trim() || undefined,
      },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          form.resetFields();
          onClose();
        },
      },
    );
  };

  return (
    <FormModal<AddCompanyUserRequest>
      open={open}
      title={t('createUser.title')}
      okText={t('createUser.submit')}
      form={form}
      width={560}
      confirmLoading={add.isPending}
      initialValues={{ roleIds: [] }}
      onFinish={handleFinish}
      onCancel={onClose}
    >
      <p className="sd-muted sd-users__modal-intro">{t('createUser.intro')}</p>
      <div className="sd-users__form-grid">
        <Form.Item name="userName" label={t('sysUsers.fields.userName')} rules={[requiredRule(t), zodRule(userNameSchema, t)]}>
          <Input autoFocus autoComplete="off" maxLength={limits.userNameMax} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('sysUsers.fields.password')}
          extra={t('createUser.passwordHint')}
          rules={[{ required: true, message: t('validation.required', { ns: 'common' }) }, zodRule(passwordSchema, t)]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="name" label={t('sysUsers.fields.name')} rules={[{ max: limits.personNameMax, message: t('validation.tooLongN', { max: limits.personNameMax }) }]}>
          <Input autoComplete="off" maxLength={limits.personNameMax} />
        </Form.Item>
        <Form.Item name="phone" label={t('sysUsers.fields.phone')} rules={[zodRule(phoneSchema, t)]}>
          <Input autoComplete="off" inputMode="numeric" maxLength={limits.phoneLength} />
        </Form.Item>
      </div>
      <Form.Item name="roleIds" label={t('invite.roles')} extra={t('createUser.rolesHint')}>
        <RoleSelect />
      </Form.Item>
    </FormModal>
  );
}
