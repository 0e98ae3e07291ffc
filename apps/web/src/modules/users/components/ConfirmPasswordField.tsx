import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/shared/components/inputs';
import { crossFieldRule } from '@/shared/forms/crossFieldRule';

/** The new password typed again: required and equal to the field `of` (checked again when that one changes). */
export function ConfirmPasswordField({ of }: { of: string }) {
  const { t } = useTranslation(['users', 'common']);
  const mismatch = t('validation.passwordMismatch', { ns: 'common' });
  return (
    <Form.Item name="confirmPassword" label={t('password.confirm')} dependencies={[of]} rules={[{ required: true, message: t('validation.required', { ns: 'common' }) }, crossFieldRule<string>(of, (value, first) => value && value !== first && mismatch)]}>
      <PasswordInput autoComplete="new-password" />
    </Form.Item>
  );
}
