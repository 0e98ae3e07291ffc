import { limits } from './limits';

/** Mainland China mobile numbers (11 digits starting with 1). */
export const phonePattern = new RegExp(`^1\\d{${limits.phoneLength - 1}}$`);
/** User names: letters, digits, underscore, dot, hyphen; must start with a letter. */
export const userNamePattern = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** Directory name (spec §5): required, at most 25 characters, no percent sign. */
export function directoryNameProblem(name: string): 'required' | 'tooLong' | 'percent' | null {
  const trimmed = name.trim();
  if (trimmed === '') {
    return 'required';
  }
  if ([...trimmed].length > limits.directoryNameLength) {
    return 'tooLong';
  }
  if (trimmed.includes('%')) {
    return 'percent';
  }
  return null;
}

/**
 * Password strength: at least 8 characters with at least one letter and one digit. The spec is
 * silent; see docs/decisions.md.
 */
export function passwordProblem(password: string): 'tooShort' | 'tooLong' | 'weak' | null {
  if (password.length < limits.passwordMin) {
    return 'tooShort';
  }
  if (password.length > limits.passwordMax) {
    return 'tooLong';
  }
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    return 'weak';
  }
  return null;
}

/** SMS verification codes: six digits. */
export const smsCodePattern = new RegExp(`^\\d{${limits.smsCodeLength}}$`);

/*
 * The account rules of auth.schemas.ts as plain functions: each answers the message key
 * (`validation.*`, see validationMessages.ts) of the first problem of a value, or null. The zod
 * schemas are built from the same patterns, limits and keys, and a unit test checks that both
 * answer the same; the sign-in page uses these so that it does not need zod.
 */

export function phoneMessage(value: string): 'validation.phone' | null {
  return phonePattern.test(value.trim()) ? null : 'validation.phone';
}

export function smsCodeMessage(value: string): 'validation.smsCode' | null {
  return smsCodePattern.test(value.trim()) ? null : 'validation.smsCode';
}

export function userNameMessage(value: string): 'validation.userName.length' | 'validation.userName.pattern' | null {
  const trimmed = value.trim();
  if (trimmed.length < limits.userNameMin || trimmed.length > limits.userNameMax) {
    return 'validation.userName.length';
  }
  return userNamePattern.test(trimmed) ? null : 'validation.userName.pattern';
}

export function passwordMessage(value: string): `validation.password.${NonNullable<ReturnType<typeof passwordProblem>>}` | null {
  const problem = passwordProblem(value);
  return problem ? `validation.password.${problem}` : null;
}

/** A person's name (optional at registration): at most `limits.personNameMax` characters. */
export function personNameMessage(value: string): 'validation.tooLong' | null {
  return value.trim().length > limits.personNameMax ? 'validation.tooLong' : null;
}
