import type { FastifyInstance } from 'fastify';
import { apiKeyPrefix, ErrorCode } from '@smartdata/domain';
import type { Platform } from '@server/platform/context';
import { AppError } from '@server/platform/errors';
import { ApiKeysRepository } from './apiKeys.repository';
import { registerApiKeysRoutes } from './apiKeys.routes';
import { ApiKeysService } from './apiKeys.service';

/**
 * API keys (issue 33 item 2, docs/security.md "API keys"): the keys page's routes; the lookup the
 * platform's sessions use for bearers starting with `sdk_`; and, for every call made with a key
 * (after the auth hook), its rate limit — `apiKeyRatePerMinute` calls a minute per key, counted by
 * @fastify/rate-limit in the database store shared by every instance — and its last use.
 */
export function registerApiKeysModule(app: FastifyInstance, platform: Platform): ApiKeysService {
  const keys = new ApiKeysService(new ApiKeysRepository(platform.db));
  platform.sessions.useApiKeys(apiKeyPrefix, (keyHash, now) => keys.grant(keyHash, now));
  const max = platform.config.apiKeyRatePerMinute;
  const limit = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (request) => `apikey:${request.session?.apiKey?.id ?? 0}` });
  app.addHook('onRequest', async (request, reply) => {
    const key = request.session?.apiKey;
    if (!key) {
      return;
    }
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(ErrorCode.rateLimited, `apiKey.tooManyCalls|${max}`);
    }
    await keys.used(key.id, request.ip);
  });
  registerApiKeysRoutes(app, { keys, sessions: platform.sessions });
  return keys;
}
