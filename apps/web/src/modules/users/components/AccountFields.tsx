import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, passwordSchema, phoneSchema, userNameSchema } from '@smartdata/domain';
import { PasswordInput } from '@/shared/components/inputs';
import { requiredRule, zodRule } from '@/shared/forms/zodRule';
import { useCommonPasswordList } from '@/modules/auth/components/commonPasswordRule';

/** A new user's account in a two-column grid: user name, initial password, name and phone, checked with the domain's rules. */
export function AccountFields({ passwordHint }: { passwordHint?: ReactNode }) {
  useCommonPasswordList();
  const { t } = useTranslation(['users', 'common']);
  return (
    <div className="sd-users__form-grid">
      <Form.Item name="userName" label={t('sysUsers.fields.userName')} rules={[requiredRule(t), zodRule(userNameSchema, t)]}>
        <Input autoFocus autoComplete="off" maxLength={limits.userNameMax} />
      </Form.Item>
      <Form.Item name="password" label={t('sysUsers.fields.password')} extra={passwordHint} rules={[{ required: true, message: t('validation.required', { ns: 'common' }) }, zodRule(passwordSchema, t)]}>
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="name" label={t('sysUsers.fields.name')} rules={[{ max: limits.personNameMax, message: t('validation.tooLongN', { max: limits.personNameMax }) }]}>
        <Input autoComplete="off" maxLength={limits.personNameMax} />
      </Form.Item>
      <Form.Item name="phone" label={t('sysUsers.fields.phone')} rules={[zodRule(phoneSchema, t)]}>
        <Input autoComplete="off" inputMode="numeric" maxLength={limits.phoneLength} />
      </Form.Item>
    </div>
  );
}
