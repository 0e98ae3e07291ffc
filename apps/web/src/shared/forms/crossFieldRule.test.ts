import { describe, expect, it } from 'vitest';
import { crossFieldRule } from './crossFieldRule';

/** The rule as antd runs it: rendered with the form, then its validator on the field's value. */
function check(rule: ReturnType<typeof crossFieldRule<string>>, values: Record<string, unknown>, value: string | undefined) {
  return rule({ getFieldValue: (name) => values[name] }).validator(undefined, value);
}

describe('crossFieldRule', () => {
  const confirm = crossFieldRule<string>('password', (value, first) => value && value !== first && '两次输入的密码不一致');

  it('passes when the pair is fine or the field is still empty', async () => {
    await expect(check(confirm, { password: 'Secret123' }, 'Secret123')).resolves.toBeUndefined();
    await expect(check(confirm, { password: 'Secret123' }, undefined)).resolves.toBeUndefined();
    await expect(check(confirm, { password: 'Secret123' }, '')).resolves.toBeUndefined();
  });

  it('fails with the problem’s text, read against the other field’s current value', async () => {
    await expect(check(confirm, { password: 'Secret123' }, 'Secret124')).rejects.toThrow('两次输入的密码不一致');
    await expect(check(confirm, { password: 'Secret124' }, 'Secret124')).resolves.toBeUndefined();
  });
});
