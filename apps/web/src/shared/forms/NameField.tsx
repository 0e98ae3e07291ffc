import type { CSSProperties, ReactNode } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '@smartdata/domain';
import type { ZodType } from 'zod';
import { useLocale } from '@/shared/i18n/useLocale';
import { domainRule } from './domainRule';

/**
 * The rules of a required name: not blank (the domain's "name required", in the current
 * language), then the domain's schema of that name — the server's own check, shown first.
 */
export function useNameRules(schema: ZodType) {
  const { t } = useTranslation();
  const locale = useLocale();
  return [{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(schema, t)];
}

interface NameFieldProps {
  /** The domain's schema of the name (its length and characters, as the server checks them). */
  schema: ZodType;
  label: ReactNode;
  /** The longest name. */
  max: number;
  /**
   * 'stop' (default): typing stops at `max`; 'count': the counter shows `n / max` and the schema
   * refuses a longer name (a pasted one is seen whole, not cut); 'none': no counter, typing stops.
   */
  counter?: 'stop' | 'count' | 'none';
  /** The form field; `name` by default. */
  name?: string;
  placeholder?: string;
  extra?: ReactNode;
  className?: string;
  /** The input's style (a width on a wide page). */
  style?: CSSProperties;
  /** Focus the name when the dialog opens. */
  autoFocus?: boolean;
}

/** A form's required name: its label, the domain's rules and a text input with its counter. */
export function NameField({ schema, label, max, counter = 'stop', name = 'name', placeholder, extra, className, style, autoFocus }: NameFieldProps) {
  const rules = useNameRules(schema);
  const length = counter === 'count' ? { showCount: { formatter: ({ count }: { count: number }) => `${count} / ${max}` } } : { maxLength: max, showCount: counter === 'stop' };
  return (
    <Form.Item name={name} label={label} extra={extra} className={className} rules={rules}>
      <Input autoFocus={autoFocus} placeholder={placeholder} style={style} {...length} />
    </Form.Item>
  );
}
