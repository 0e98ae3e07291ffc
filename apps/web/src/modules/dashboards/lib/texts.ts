import { dashboardMessages, validationMessage, type Locale } from '@smartdata/domain';

/** The domain's text of a dashboards validation key (the server answers with the same words). */
export function dashboardText(key: string, locale: Locale): string {
  return dashboardMessages[key]?.[locale] ?? validationMessage(key, locale) ?? key;
}

/** An antd Form rule checking a value with a domain schema, showing the dashboards' texts (before sending). */
export function schemaRule(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } }, locale: Locale) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') {
        return;
      }
      const result = schema.safeParse(value);
      if (!result.success) {
        throw new Error(dashboardText(result.error?.issues[0]?.message ?? 'validation.invalid', locale));
      }
    },
  };
}
