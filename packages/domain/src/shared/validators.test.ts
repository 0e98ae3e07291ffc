import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { addUserRequest, passwordSchema, phoneSchema, smsCodeSchema, userNameSchema } from '../auth/auth.schemas';
import { limits } from './limits';
import { isCommonPassword } from '../auth/commonPasswords';
import { passwordMessage, personNameMessage, phoneMessage, smsCodeMessage, userNameMessage } from './validators';

/** What the server's zod schema answers for a value: the key of its first issue, or null. */
function zodMessage(schema: ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message');
}

const personNameSchema = addUserRequest.shape.name.unwrap();

const samples = [
  '',
  ' ',
  'a',
  'ab',
  'abc',
  ' abc ',
  '1abc',
  '_abc',
  'abc def',
  'abc_def.g-h',
  'a'.repeat(limits.userNameMax),
  'a'.repeat(limits.userNameMax + 1),
  ` ${'a'.repeat(limits.userNameMax)} `,
  'ab%',
  '用户名',
  '13800138000',
  ' 13800138000 ',
  '1380013800',
  '138001380001',
  '23800138000',
  '1380013800a',
  '123456',
  ' 123456 ',
  '12345',
  '1234567',
  '12345a',
  '１２３４５６',
  'abcdefg1',
  'Passw0rd',
  'abcdefgh',
  '12345678',
  'abc1',
  ` abcdefg1`,
  `${'a1'.repeat(limits.passwordMax / 2)}`,
  `${'a1'.repeat(limits.passwordMax / 2)}x`,
  '数'.repeat(limits.personNameMax),
  '数'.repeat(limits.personNameMax + 1),
  ` ${'数'.repeat(limits.personNameMax)} `,
];

describe('plain account rules answer what the zod schemas answer', () => {
  const pairs: [string, ZodType, (value: string) => string | null][] = [
    ['phone', phoneSchema, phoneMessage],
    ['SMS code', smsCodeSchema, smsCodeMessage],
    ['user name', userNameSchema, userNameMessage],
    // The sign-in page's forms add the common-password list (loaded apart: auth/commonPasswords.ts).
    ['password', passwordSchema, (value) => passwordMessage(value) ?? (isCommonPassword(value) ? 'validation.password.common' : null)],
    ['person name', personNameSchema, personNameMessage],
  ];
  for (const [name, schema, message] of pairs) {
    it(name, () => {
      for (const value of samples) {
        expect({ value, message: message(value) }).toEqual({ value, message: zodMessage(schema, value) });
      }
    });
  }
});
