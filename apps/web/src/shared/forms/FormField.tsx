import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { validationParams } from './zodRule';

interface FormFieldProps {
  /** Id of the input, so the message can describe it. */
  inputId: string;
  /** i18n key of the problem (namespace common), or null. */
  error: string | null;
  children: ReactNode;
}

/** A form row of a light form: the input and, below it, its problem in the current language. */
export function FormField({ inputId, error, children }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={error ? 'sd-field sd-field--error' : 'sd-field'}>
      {children}
      <div className="sd-field__message" id={`${inputId}-message`} role={error ? 'alert' : undefined}>
        {error ? t(error, { ns: 'common', ...validationParams }) : null}
      </div>
    </div>
  );
}

/** Props that tie an antd input to its light-form field (status, aria). */
export function inputProps(field: { id: string; name: string; value: string; error: string | null; onChange: (event: React.ChangeEvent<HTMLInputElement>) => void; onBlur: () => void }) {
  return {
    id: field.id,
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    status: field.error ? ('error' as const) : undefined,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': `${field.id}-message`,
  };
}
