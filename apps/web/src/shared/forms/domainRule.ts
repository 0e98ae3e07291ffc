import type { TFunction } from 'i18next';
import { validationMessage } from '@smartdata/domain';
import type { ZodType } from 'zod';
import { currentLocale } from '@/shared/i18n/locale';
import { validationParams } from './zodRule';

interface FormRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/**
 * An antd Form rule that checks a value with a zod schema of packages/domain and shows the
 * domain's text for the problem (validation.nameRequired, validation.timeZone, validation.invalid,
 * ...: the same words the server puts in a 50001 answer), else the web's common text. Empty
 * values are left to `required`.
 */
export function domainRule(schema: ZodType, t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      if (value === undefined || value === null || value === '') {
        return;
      }
      const result = schema.safeParse(value);
      if (result.success) {
        return;
      }
      const key = result.error.issues[0]?.message ?? 'validation.invalid';
      const text = validationMessage(key, currentLocale()) ?? t(key, { ns: 'common', ...validationParams, defaultValue: key });
      throw new Error(text);
    },
  };
}
