import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { memberLimits } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { requiredRule } from '@/shared/forms/zodRule';
import { useInviteMemberMutation, type InviteMemberRequest } from '../api/inviteMember';
import { RoleSelect } from './RoleSelect';

interface InviteMemberModalProps {
  open: boolean;
  onClose: () => void;
  /** After a successful invitation (the page shows the sent invitations). */
  onInvited: () => void;
}

/** Invites a registered user by phone or user name, with optional roles for when they agree. */
export function InviteMemberModal({ open, onClose, onInvited }: InviteMemberModalProps) {
  const { t } = useTranslation(['users', 'texts']);
  const { message } = App.useApp();
  const [form] = Form.useForm<InviteMemberRequest>();
  const invite = useInviteMemberMutation();

  const handleFinish = (values: InviteMemberRequest) => {
    invite.mutate(
      { account: values.account.trim(), roleIds: values.roleIds ?? [] },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          onClose();
          onInvited();
        },
      },
    );
  };

  return (
    <FormModal<InviteMemberRequest> open={open} title={t('invite.title')} okText={t('invite.submit')} form={form} confirmLoading={invite.isPending} initialValues={{ roleIds: [] }} onFinish={handleFinish} onCancel={onClose}>
      <p className="sd-muted sd-users__modal-intro">{t('invite.intro')}</p>
      <Form.Item
        name="account"
        label={t('invite.account')}
        rules={[requiredRule(t), { max: memberLimits.accountLength, message: t('validation.tooLongN', { max: memberLimits.accountLength }) }]}
      >
        <Input autoFocus autoComplete="off" placeholder={t('invite.accountPlaceholder')} maxLength={memberLimits.accountLength} />
      </Form.Item>
      <Form.Item name="roleIds" label={t('invite.roles')} extra={t('invite.rolesHint')}>
        <RoleSelect />
      </Form.Item>
    </FormModal>
  );
}
