import { limits } from './limits';

/** Mainland China mobile numbers (11 digits starting with 1). */
export const phonePattern = /^1\d{10}$/;
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
