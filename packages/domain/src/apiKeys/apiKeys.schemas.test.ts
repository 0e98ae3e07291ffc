import { describe, expect, it } from 'vitest';
import { addApiKeyRequest, apiKeyExpiryMax, apiKeyState } from './apiKeys.schemas';

const day = 86_400_000;

describe('API key rules', () => {
  it('takes a name, codes and an optional future expiry', () => {
    expect(addApiKeyRequest.safeParse({ name: 'MES', codes: ['sd_capsule'] }).success).toBe(true);
    expect(addApiKeyRequest.safeParse({ name: 'MES', codes: ['sd_capsule'], expiresAt: Date.now() + day }).success).toBe(true);
    expect(addApiKeyRequest.safeParse({ name: 'MES', codes: ['sd_capsule'], expiresAt: null }).success).toBe(true);
  });

  it('refuses an empty or long name, no codes, a past or far expiry, unknown fields', () => {
    const first = (value: unknown) => addApiKeyRequest.safeParse(value).error?.issues[0]?.message;
    expect(first({ name: ' ', codes: ['a'] })).toBe('validation.nameRequired');
    expect(first({ name: 'x'.repeat(26), codes: ['a'] })).toBe('validation.tooLong');
    expect(first({ name: 'MES', codes: [] })).toBe('apiKey.codesRequired');
    expect(first({ name: 'MES', codes: ['a'], expiresAt: Date.now() - 1 })).toBe('apiKey.expiryPast');
    expect(first({ name: 'MES', codes: ['a'], expiresAt: apiKeyExpiryMax(Date.now()) + day })).toBe('apiKey.expiryTooFar');
    expect(addApiKeyRequest.safeParse({ name: 'MES', codes: ['a'], extra: 1 }).success).toBe(false);
  });

  it('names the state: revoked before expired', () => {
    expect(apiKeyState({ revokedAt: null, expiresAt: null }, 10)).toBe('active');
    expect(apiKeyState({ revokedAt: null, expiresAt: 10 }, 10)).toBe('expired');
    expect(apiKeyState({ revokedAt: 5, expiresAt: 10 }, 20)).toBe('revoked');
  });
});
