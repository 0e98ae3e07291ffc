import type { FieldRule } from '@/shared/forms/fieldRules';

/**
 * A light-form rule from one of the domain's plain account rules (phoneMessage, userNameMessage,
 * ... of packages/domain validators.ts: the same patterns, limits and message keys as its zod
 * schemas, without zod in the sign-in page). Empty values are left to `required`.
 */
export function accountRule<V>(message: (value: string) => string | null): FieldRule<V> {
  return (value) => (value === '' ? null : message(value));
}
