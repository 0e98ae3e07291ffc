import { describe, expect, it } from 'vitest';
import { apiKeyLimits } from '@smartdata/domain';
import type { ApiKeysRepository } from './apiKeys.repository';
import { ApiKeysService, newApiKey } from './apiKeys.service';

describe('API keys', () => {
  it('are the prefix and 32 random bytes in base64url, never the same twice', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newApiKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^sdk_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(apiKeyLimits.secretBytes);
    }
  });

  it('write their last use at most once a minute per key', async () => {
    const writes: { id: number; at: number; ip: string }[] = [];
    const repository = { touch: async (id: number, at: number, ip: string) => void writes.push({ id, at, ip }) } as unknown as ApiKeysRepository;
    const keys = new ApiKeysService(repository);
    await keys.used(1, '10.0.0.1', 1_000);
    await keys.used(1, '10.0.0.2', 1_000 + apiKeyLimits.lastUsedEveryMs - 1);
    await keys.used(2, '10.0.0.3', 1_500);
    await keys.used(1, '10.0.0.4', 1_000 + apiKeyLimits.lastUsedEveryMs);
    expect(writes).toEqual([
      { id: 1, at: 1_000, ip: '10.0.0.1' },
      { id: 2, at: 1_500, ip: '10.0.0.3' },
      { id: 1, at: 1_000 + apiKeyLimits.lastUsedEveryMs, ip: '10.0.0.4' },
    ]);
  });
});
