import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits } from '@smartdata/domain';
import { PasswordInput } from '@/shared/components/inputs';
import { FormField, inputProps } from '@/shared/forms/FormField';
import type { LightField } from '@/shared/forms/useLightForm';

interface NewPasswordFieldsProps {
  password: LightField;
  confirmPassword: LightField;
  labelKey?: 'fields.password' | 'fields.newPassword';
}

/** A new password and its confirmation (register, reset password). */
export function NewPasswordFields({ password, confirmPassword, labelKey = 'fields.password' }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <FormField inputId={password.id} error={password.error}>
        <PasswordInput
          {...inputProps(password)}
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('fields.newPasswordPlaceholder')}
          aria-label={t(labelKey)}
          autoComplete="new-password"
          maxLength={limits.passwordMax}
        />
      </FormField>
      <FormField inputId={confirmPassword.id} error={confirmPassword.error}>
        <PasswordInput
          {...inputProps(confirmPassword)}
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('fields.confirmPasswordPlaceholder')}
          aria-label={t('fields.confirmPassword')}
          autoComplete="new-password"
          maxLength={limits.passwordMax}
        />
      </FormField>
    </>
  );
}
