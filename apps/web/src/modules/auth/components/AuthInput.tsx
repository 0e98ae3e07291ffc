import type { ReactNode } from 'react';
import { Input, PasswordInput } from '@/shared/components/inputs';
import { FormField, inputProps } from '@/shared/forms/FormField';
import type { LightField } from '@/shared/forms/useLightForm';

interface AuthInputProps {
  field: LightField;
  icon: ReactNode;
  placeholder: string;
  /** The accessible name (the pages show placeholders, not labels). */
  label: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: 'tel' | 'numeric';
  /** A password input (with its show/hide eye). */
  password?: boolean;
  /** The input got the focus (a new password's field loads the common-password list then). */
  onFocus?: () => void;
}

/** One field of the sign-in pages: a large input with its icon and, under it, the field's problem. */
export function AuthInput({ field, icon, placeholder, label, autoComplete, maxLength, inputMode, password, onFocus }: AuthInputProps) {
  const Control = password ? PasswordInput : Input;
  return (
    <FormField inputId={field.id} error={field.error}>
      <Control {...inputProps(field)} size="large" prefix={icon} placeholder={placeholder} aria-label={label} inputMode={inputMode} autoComplete={autoComplete} maxLength={maxLength} onFocus={onFocus} />
    </FormField>
  );
}
