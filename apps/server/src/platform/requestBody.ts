import type { FastifyInstance } from 'fastify';
import { validationError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is form-encoded (getToken, spec §7); every other POST takes JSON only. */
    formBody?: boolean;
    /** The route reads its body as bytes of any media type (the HTTP device API: a device's payload as it comes). */
    anyBody?: boolean;
  }
}

/**
 * Fastify's own error shape (415), with the refusal text key of platform/refusals.ts for the body
 * the route takes, so the envelope's handler words it.
 */
export class UnsupportedMediaType extends Error {
  readonly statusCode = 415;
  readonly code = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';

  constructor(readonly refusalKey: 'request.formOnly' | 'request.unsupportedMediaType') {
    super(refusalKey);
  }
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
    if (header === undefined || route.url === undefined || route.config.anyBody === true) {
      return;
    }
    const mediaType = header.split(';')[0]?.trim().toLowerCase();
    const form = route.config.formBody === true;
    if (mediaType !== (form ? 'application/x-www-form-urlencoded' : 'application/json')) {
      throw new UnsupportedMediaType(form ? 'request.formOnly' : 'request.unsupportedMediaType');
    }
  });
}

/** Whether a parsed body or query holds a NUL character anywhere (keys included), bounded in depth. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') {
    return value.includes('\u0000');
  }
  if (depth > 64 || value === null || typeof value !== 'object') {
    return false;
  }
  if (Array.isArray(value)) {
    return value.some((item) => holdsNul(item, depth + 1));
  }
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * NUL is no text: PostgreSQL cannot store it (the write failed with a 500, issue 12's fuzz) and no
 * field of the console means it. A body or query holding one is refused (50001, in the caller's
 * language) before any schema or service sees it, on every route and both databases alike.
 */
export function registerNulRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/general/') && (holdsNul(request.query) || holdsNul(request.body))) {
      throw validationError('validation.text.control');
    }
  });
}
