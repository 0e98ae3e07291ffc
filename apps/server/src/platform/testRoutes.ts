import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, errorCodeInfo, type ErrorCodeValue } from '@smartdata/domain';
import { AppError } from './errors';
import { ok } from './envelope';

/**
 * Endpoints that exist only with SMARTDATA_TEST_ROUTES=1, for end-to-end tests: read the SMS
 * outbox, answer slowly (real client time-outs), answer a chosen error code.
 */
export function registerTestRoutes(app: FastifyInstance, latestSentCode: (phone: string) => Promise<string | null>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true };
  r.get('/general/test/smsOutbox', { config: { public: true }, schema: { ...hidden, querystring: z.object({ phone: z.string() }) } }, async (request) =>
    ok({ code: await latestSentCode(request.query.phone) }),
  );
  r.get(
    '/general/test/slow',
    { config: { public: true }, schema: { ...hidden, querystring: z.object({ ms: z.coerce.number().int().min(0).max(120_000) }) } },
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return ok({ waited: request.query.ms });
    },
  );
  r.get(
    '/general/test/error',
    { config: { public: true }, schema: { ...hidden, querystring: z.object({ code: z.coerce.number().int(), data: z.string().optional() }) } },
    async (request) => {
      const code = request.query.code as ErrorCodeValue;
      if (!(code in errorCodeInfo) || code === ErrorCode.ok) {
        return ok(null);
      }
      throw new AppError(code, code === ErrorCode.validationFailed ? (request.query.data ?? 'validation.invalid') : undefined);
    },
  );
  // An unexpected failure: its message must never reach the client.
  r.get('/general/test/crash', { config: { public: true }, schema: hidden }, async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
}
