import { useEffect } from 'react';
import type { FieldRule } from '@/shared/forms/fieldRules';

let isCommon: ((password: string) => boolean) | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the list of common passwords (a chunk of its own, ~25 KB compressed: the sign-in page does
 * not carry it) once; the register and reset forms start it when their new-password field gets
 * the focus (NewPasswordFields), so it is there by the time a password is typed. Until it is, the server's check (the same list) still refuses one.
 */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import('@smartdata/domain/commonPasswords')
    .then((module) => {
      isCommon = module.isCommonPassword;
    })
    .catch(() => {
      loading = undefined;
    });
  return loading;
}

/** Refuses one of the most common passwords (domain passwordSchema's rule), once the list is loaded. */
export function commonPasswordRule<V>(): FieldRule<V> {
  return (value) => (value !== '' && isCommon?.(value) ? 'validation.password.common' : null);
}

/**
 * Loads the list when a password form opens: passwordSchema (zodRule) refuses a common password
 * once it is there (the list registers itself with the schema, domain auth/commonPasswordCheck.ts).
 */
export function useCommonPasswordList(): void {
  useEffect(() => void loadCommonPasswords(), []);
}
