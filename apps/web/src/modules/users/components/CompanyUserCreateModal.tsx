import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/shared/components/FormModal';
import { useAddCompanyUserMutation, type AddCompanyUserRequest } from '../api/addCompanyUser';
import { AccountFields } from './AccountFields';
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
    <FormModal<AddCompanyUserRequest> open={open} title={t('createUser.title')} okText={t('createUser.submit')} form={form} width={560} confirmLoading={add.isPending} initialValues={{ roleIds: [] }} onFinish={handleFinish} onCancel={onClose}>
      <p className="sd-muted sd-users__modal-intro">{t('createUser.intro')}</p>
      <AccountFields passwordHint={t('createUser.passwordHint')} />
      <Form.Item name="roleIds" label={t('invite.roles')} extra={t('createUser.rolesHint')}>
        <RoleSelect />
      </Form.Item>
    </FormModal>
  );
}
