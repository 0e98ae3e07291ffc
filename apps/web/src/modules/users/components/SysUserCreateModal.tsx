import { App, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { CompanySelect } from '@/modules/system/components/CompanySelect';
import { FormModal } from '@/shared/components/FormModal';
import { useAddSysUserMutation, type AddSysUserRequest } from '../api/addSysUser';
import { AccountFields } from './AccountFields';
import { RoleSelect } from './RoleSelect';

/** A company the new user joins, given by the page: a new company's first administrator. */
export interface GivenCompany {
  companyId: number;
  displayName: string;
  /** The roles to start with (a new company's administrator role). */
  roleIds: number[];
}

/**
 * Creates a user as a member of a company with some of that company's roles (platform). With
 * `company` the company is fixed and named in the title: the company page adds a new company's
 * administrator this way (issue 31.15).
 */
export function SysUserCreateModal({ open, onClose, company }: { open: boolean; onClose: () => void; company?: GivenCompany }) {
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
      title={company ? t('sysUsers.create.adminTitle', { name: company.displayName }) : t('sysUsers.create.title')}
      form={form}
      width={560}
      confirmLoading={add.isPending}
      initialValues={company ? { companyId: company.companyId, roleIds: company.roleIds } : { roleIds: [] }}
      onFinish={handleFinish}
      onCancel={onClose}
    >
      <AccountFields />
      {company ? (
        <>
          <Form.Item label={t('sysUsers.fields.company')}>{company.displayName}</Form.Item>
          <Form.Item name="companyId" hidden>
            <InputNumber />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="companyId" label={t('sysUsers.fields.company')} rules={[{ required: true, message: t('sysUsers.fields.companyRequired') }]}>
          <CompanySelect placeholder={t('sysUsers.fields.companyPlaceholder')} allowClear={false} onChange={() => form.setFieldValue('roleIds', [])} />
        </Form.Item>
      )}
      <Form.Item name="roleIds" label={t('sysUsers.fields.roles')} extra={t('sysUsers.fields.rolesHint')}>
        <RoleSelect companyId={companyId} disabled={companyId === undefined} />
      </Form.Item>
    </FormModal>
  );
}
