import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonPasswordsSource } from '../../../../scripts/common-passwords.mjs';
import { passwordSchema } from './auth.schemas';
import { isCommonPassword } from './commonPasswords';

describe('common passwords', () => {
  it('are refused in any letter case; a password of the same shape that is not common passes', () => {
    for (const password of ['Passw0rd', 'passw0rd', 'QWERTY123', 'abcd1234', '1qaz2wsx']) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(passwordSchema.safeParse(password).error?.issues[0]?.message, password).toBe('validation.password.common');
    }
    expect(isCommonPassword('Passw0rd2026')).toBe(false);
    expect(passwordSchema.safeParse('Pump7-Station').success).toBe(true);
    // The other rules still come first.
    expect(passwordSchema.safeParse('password').error?.issues[0]?.message).toBe('validation.password.weak');
  });

  it('are the installed list: the committed file is what scripts/common-passwords.mjs writes', () => {
    expect(readFileSync(new URL('./commonPasswords.data.ts', import.meta.url), 'utf8')).toBe(commonPasswordsSource());
  });
});
