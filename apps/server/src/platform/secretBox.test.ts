import { describe, expect, it } from 'vitest';
import { SecretBox } from './secretBox';

const box = new SecretBox(() => Buffer.from('a-test-secret-of-at-least-32-characters'));

describe('SecretBox', () => {
  it('round-trips a value and never stores it in clear', () => {
    const sealed = box.encrypt('wx-app-secret-123', 'wechat.secret');
    expect(sealed).not.toContain('wx-app-secret');
    expect(sealed).not.toBe(box.encrypt('wx-app-secret-123', 'wechat.secret'));
    expect(box.decrypt(sealed, 'wechat.secret')).toBe('wx-app-secret-123');
  });

  it('refuses a tampered value, another purpose or another key', () => {
    const sealed = box.encrypt('value', 'wechat.secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'wechat.secret')).toThrow();
    expect(() => box.decrypt(sealed, 'sms.key')).toThrow();
    expect(() => new SecretBox(() => Buffer.from('another-secret-of-at-least-32-characters')).decrypt(sealed, 'wechat.secret')).toThrow();
  });

  it('signs and verifies per purpose', () => {
    const signature = box.sign('nonce', 'wechat.state');
    expect(box.verify('nonce', signature, 'wechat.state')).toBe(true);
    expect(box.verify('nonce', signature, 'other')).toBe(false);
    expect(box.verify('nonce2', signature, 'wechat.state')).toBe(false);
  });
});
