import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is form-encoded (getToken, spec §7); every other POST takes JSON only. */
    formBody?: boolean;
  }
}

/** Fastify's own error shape, so the envelope's handler words it (415, platform/refusals.ts). */
class UnsupportedMediaType extends Error {
  readonly statusCode = 415;
  readonly code = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
}

/**
 * A POST under /general takes `application/json` only (a form post renamed a device, issue 12);
 * the routes marked `formBody` take `application/x-www-form-urlencoded` only. Anything else is
 * refused with 415 before the body is read. Uploads (PUT) have their own parser in their scope.
 */
export function registerBodyRules(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST' || !request.url.startsWith('/general/')) {
      return;
    }
    const header = request.headers['content-type'];
    const route = request.routeOptions;
    if (header === undefined || route.url === undefined) {
      return;
    }
    const mediaType = header.split(';')[0]?.trim().toLowerCase();
    const wanted = route.config.formBody ? 'application/x-www-form-urlencoded' : 'application/json';
    if (mediaType !== wanted) {
      throw new UnsupportedMediaType(`expected ${wanted}`);
    }
  });
}
