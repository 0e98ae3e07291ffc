import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits } from '@smartdata/domain';
import type { LightField } from '@/shared/forms/useLightForm';
import { AuthInput } from './AuthInput';
import { loadCommonPasswords } from './commonPasswordRule';

interface NewPasswordFieldsProps {
  password: LightField;
  confirmPassword: LightField;
  labelKey?: 'fields.password' | 'fields.newPassword';
}

/**
 * A new password and its confirmation (register, reset password). The list of common passwords
 * loads when the password field gets the focus — before anything is typed in it, so the rule is
 * there when the field is checked — not when the view opens: the sign-in page's views stay within
 * their JavaScript budget (e2e/performance.spec.ts).
 */
export function NewPasswordFields({ password, confirmPassword, labelKey = 'fields.password' }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthInput field={password} password icon={<LockOutlined />} placeholder={t('fields.newPasswordPlaceholder')} label={t(labelKey)} autoComplete="new-password" maxLength={limits.passwordMax} onFocus={() => void loadCommonPasswords()} />
      <AuthInput field={confirmPassword} password icon={<LockOutlined />} placeholder={t('fields.confirmPasswordPlaceholder')} label={t('fields.confirmPassword')} autoComplete="new-password" maxLength={limits.passwordMax} />
    </>
  );
}
