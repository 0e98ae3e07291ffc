import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addApiKeyRequest, addApiKeyResponse, apiKeyListQuery, apiKeyPage, apiKeyPermission, revokeApiKeyRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { okResponse } from '@server/platform/openapi';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import type { Sessions } from '@server/platform/auth/sessions';
import type { ApiKeysService } from './apiKeys.service';

const tags = ['apiKeys'];

/** The keys page (sys_api_key, under system settings; docs/security.md "API keys"). */
export function registerApiKeysRoutes(app: FastifyInstance, { keys, sessions }: { keys: ApiKeysService; sessions: Sessions }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const page = { permission: apiKeyPermission.keys } as const;

  r.post('/general/apiKey/addKey', { config: page, schema: { tags, summary: 'Make an API key with codes the caller holds, optionally expiring; the key is answered this once', body: addApiKeyRequest, response: okResponse(addApiKeyResponse) } }, async (request) =>
    ok(await keys.add(sessionOf(request), companyOf(request), request.body)),
  );
  r.get('/general/apiKey/getKeys', { config: page, schema: { tags, summary: "The company's API keys (never the key): codes, creator, expiry, last use, state", querystring: apiKeyListQuery, response: okResponse(apiKeyPage) } }, async (request) => {
    const { pageNum, pageSize, keyword, state } = request.query;
    return ok(await keys.list(companyOf(request), { keyword: keyword?.trim() || undefined, state }, pageNum, pageSize));
  });
  r.post('/general/apiKey/revokeKey', { config: page, schema: { tags, summary: 'Revoke an API key: refused from the next call on', body: revokeApiKeyRequest } }, async (request) => {
    await keys.revoke(companyOf(request), request.body.id, sessionOf(request).userId);
    sessions.forgetApiKey(request.body.id);
    return ok(null);
  });
}
