import type { TFunction } from 'i18next';
import { limits } from '@smartdata/domain';
import type { ZodType } from 'zod';

/** Values for the placeholders of the `validation.*` messages (the limits of packages/domain). */
export const validationParams = {
  userNameMin: limits.userNameMin,
  userNameMax: limits.userNameMax,
  passwordMin: limits.passwordMin,
  passwordMax: limits.passwordMax,
  personNameMax: limits.personNameMax,
} as const;

/** The translated first problem a schema finds in a value, or null when the value is valid. */
export function zodProblem(schema: ZodType, value: unknown, t: TFunction): string | null {
  const result = schema.safeParse(value);
  if (result.success) {
    return null;
  }
  const key = result.error.issues[0]?.message ?? 'validation.required';
  return t(key, { ns: 'common', ...validationParams });
}

interface FormRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/**
 * An antd Form rule that checks a field with the same zod schema the server uses, so every rule
 * shows in the form before anything is sent (DESIGN.md §6). Empty values are left to `required`.
 */
export function zodRule(schema: ZodType, t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      if (value === undefined || value === null || value === '') {
        return;
      }
      const problem = zodProblem(schema, value, t);
      if (problem) {
        throw new Error(problem);
      }
    },
  };
}

export function requiredRule(t: TFunction): { required: true; whitespace: true; message: string } {
  return { required: true, whitespace: true, message: t('validation.required', { ns: 'common' }) };
}
