import { describe, expect, it } from 'vitest';
import { passwordSchema, phoneSchema, userNameSchema } from '@smartdata/domain';
import { firstProblem, required, sameAs, schema } from './fieldRules';

type Values = { password: string; confirm: string };
const values: Values = { password: 'abc12345', confirm: '' };

describe('light-form rules with the domain schemas', () => {
  it('asks for required values first', () => {
    expect(firstProblem([required(), schema(phoneSchema)], '', values)).toBe('validation.required');
    expect(firstProblem([required()], '   ', values)).toBe('validation.required');
  });

  it('returns the i18n key of the schema problem', () => {
    expect(firstProblem([required(), schema(phoneSchema)], '123', values)).toBe('validation.phone');
    expect(firstProblem([schema(passwordSchema)], 'short1', values)).toBe('validation.password.tooShort');
    expect(firstProblem([schema(passwordSchema)], 'onlyletters', values)).toBe('validation.password.weak');
    expect(firstProblem([schema(userNameSchema)], '1abc', values)).toBe('validation.userName.pattern');
    expect(firstProblem([schema(userNameSchema)], 'ab', values)).toBe('validation.userName.length');
    expect(firstProblem([required(), schema(phoneSchema)], '13800138000', values)).toBeNull();
  });

  it('compares a confirmation with its field', () => {
    expect(firstProblem<Values>([sameAs('password')], 'abc12346', values)).toBe('validation.passwordMismatch');
    expect(firstProblem<Values>([sameAs('password')], 'abc12345', values)).toBeNull();
  });
});
