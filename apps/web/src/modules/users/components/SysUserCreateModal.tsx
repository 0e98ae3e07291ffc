import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, passwordSchema, phoneSchema, userNameSchema } from '@smartdata/domain';
import { CompanySelect } from '@/modules/system/components/CompanySelect';
import { PasswordInput } from '@/shared/components/inputs';
import { FormModal } from '@/shared/components/FormModal';
import { requiredRule, zodRule } from '@/shared/forms/zodRule';
import { useAddSysUserMutation, type AddSysUserRequest } from '../api/addSysUser';
import { RoleSelect } from './RoleSelect';

/** Creates a user as a member of a company with some of that company's roles (platform). */
export function SysUserCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['users', 'texts', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<AddSysUserRequest>();
  const companyId = Form.useWatch('companyId', form);
  const add = useAddSysUserMutation();

  const handleFinish = (values: AddSysUserRequest) => {
    add.mutate(
      {
        userName: values.userName.trim(),
        password: values.password,
        companyId: values.companyId,
        roleIds: values.roleIds ?? [],
        name: values.name?.trim() || undefined,
        phone: values.phone?.trim() || undefined,
        // The platform administrator chose the password: the user changes it at first sign-in.
        mustChangePassword: true,
      },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal<AddSysUserRequest>
      open={open}
      title={t('sysUsers.create.title')}
      form={form}
      width={560}
      confirmLoading={add.isPending}
      initialValues={{ roleIds: [] }}
      onFinish={handleFinish}
      onCancel={onClose}
    >
      <div className="sd-users__form-grid">
        <Form.Item name="userName" label={t('sysUsers.fields.userName')} rules={[requiredRule(t), zodRule(userNameSchema, t)]}>
          <Input autoFocus autoComplete="off" maxLength={limits.userNameMax} />
        </Form.Item>
        <Form.Item name="password" label={t('sysUsers.fields.password')} rules={[{ required: true, message: t('validation.required', { ns: 'common' }) }, zodRule(passwordSchema, t)]}>
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="name" label={t('sysUsers.fields.name')} rules={[{ max: limits.personNameMax, message: t('validation.tooLongN', { max: limits.personNameMax }) }]}>
          <Input autoComplete="off" maxLength={limits.personNameMax} />
        </Form.Item>
        <Form.Item name="phone" label={t('sysUsers.fields.phone')} rules={[zodRule(phoneSchema, t)]}>
          <Input autoComplete="off" inputMode="numeric" maxLength={limits.phoneLength} />
        </Form.Item>
      </div>
      <Form.Item name="companyId" label={t('sysUsers.fields.company')} rules={[{ required: true, message: t('sysUsers.fields.companyRequired') }]}>
        <CompanySelect placeholder={t('sysUsers.fields.companyPlaceholder')} allowClear={false} onChange={() => form.setFieldValue('roleIds', [])} />
      </Form.Item>
      <Form.Item name="roleIds" label={t('sysUsers.fields.roles')} extra={t('sysUsers.fields.rolesHint')}>
        <RoleSelect companyId={companyId} disabled={companyId === undefined} />
      </Form.Item>
    </FormModal>
  );
}
