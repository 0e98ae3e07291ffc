import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberItem } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { useSetMemberRolesMutation } from '../api/setMemberRoles';
import { RoleSelect } from './RoleSelect';

interface RolesValues {
  roleIds: number[];
}

/** Assigns roles to a member: the member's menus are the union of these roles' codes. */
export function MemberRolesModal({ member, onClose }: { member: MemberItem | null; onClose: () => void }) {
  const { t } = useTranslation(['users', 'texts']);
  const { message } = App.useApp();
  const [form] = Form.useForm<RolesValues>();
  const setRoles = useSetMemberRolesMutation();

  const handleFinish = (values: RolesValues) => {
    if (!member) {
      return;
    }
    setRoles.mutate(
      { userId: member.userId, roleIds: values.roleIds ?? [] },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          onClose();
        },
      },
    );
  };

  const initialValues: Partial<RolesValues> = { roleIds: member?.roles.map((role) => Number(role.roleId)) ?? [] };
  return (
    <FormModal<RolesValues> open={member !== null} title={t('roles.title', { name: member?.name || member?.userName || '' })} form={form} confirmLoading={setRoles.isPending} initialValues={initialValues} onFinish={handleFinish} onCancel={onClose}>
      <Form.Item name="roleIds" label={t('roles.label')} extra={t('roles.hint')}>
        <RoleSelect />
      </Form.Item>
    </FormModal>
  );
}
