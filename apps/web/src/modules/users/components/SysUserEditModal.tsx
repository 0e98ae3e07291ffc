import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, phoneSchema, type SysUserItem } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { requiredRule, zodRule } from '@/shared/forms/zodRule';
import { useUpdateSysUserMutation } from '../api/updateSysUser';

interface EditValues {
  name: string;
  phone?: string;
}

/** Edits a user's name and phone (platform). An empty phone removes it. */
export function SysUserEditModal({ user, onClose }: { user: SysUserItem | null; onClose: () => void }) {
  const { t } = useTranslation(['users', 'texts']);
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateSysUserMutation();

  const handleFinish = (values: EditValues) => {
    if (!user) {
      return;
    }
    update.mutate(
      { id: user.userId, name: values.name.trim(), phone: values.phone?.trim() || null },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          onClose();
        },
      },
    );
  };

  const initialValues: Partial<EditValues> = { name: user?.name ?? '', phone: user?.phone ?? '' };
  return (
    <FormModal<EditValues> open={user !== null} title={t('sysUsers.edit.title', { name: user?.userName ?? '' })} form={form} confirmLoading={update.isPending} initialValues={initialValues} onFinish={handleFinish} onCancel={onClose}>
      <Form.Item name="name" label={t('sysUsers.fields.name')} rules={[requiredRule(t), { max: limits.personNameMax, message: t('validation.tooLongN', { max: limits.personNameMax }) }]}>
        <Input autoFocus maxLength={limits.personNameMax} />
      </Form.Item>
      <Form.Item name="phone" label={t('sysUsers.fields.phone')} rules={[zodRule(phoneSchema, t)]} extra={t('sysUsers.fields.phoneHint')}>
        <Input inputMode="numeric" maxLength={limits.phoneLength} />
      </Form.Item>
    </FormModal>
  );
}
