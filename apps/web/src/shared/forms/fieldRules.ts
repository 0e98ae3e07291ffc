import type { ZodType } from 'zod';

/**
 * A field check for light forms: returns the i18n key of the problem (`validation.*`, namespace
 * common) or null. Keys are translated when shown, so messages follow a language switch.
 */
export type FieldRule<V> = (value: string, values: V) => string | null;

export function required<V>(): FieldRule<V> {
  return (value) => (value.trim() === '' ? 'validation.required' : null);
}

/** Checks a non-empty value with a zod schema of packages/domain (the server checks the same). */
export function schema<V>(zodSchema: ZodType): FieldRule<V> {
  return (value) => {
    if (value === '') {
      return null;
    }
    const result = zodSchema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? 'validation.required');
  };
}

/** The value must equal another field's (password confirmation). */
export function sameAs<V>(other: keyof V, key = 'validation.passwordMismatch'): FieldRule<V> {
  return (value, values) => (value !== '' && value !== values[other] ? key : null);
}

/** The first problem of a value, or null. */
export function firstProblem<V>(rules: FieldRule<V>[] | undefined, value: string, values: V): string | null {
  for (const rule of rules ?? []) {
    const problem = rule(value, values);
    if (problem) {
      return problem;
    }
  }
  return null;
}
