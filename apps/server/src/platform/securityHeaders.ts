import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Our content security policy: the web app is served from the same origin, pushes come over ws. */
export const helmetOptions: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets with our options, computed once at start-up by running helmet against a
 * recording response. @fastify/helmet ran helmet on every request, which cost about a tenth of
 * the API's throughput (docs/performance.md); the headers never vary by request.
 */
export function computeSecurityHeaders(options: Readonly<HelmetOptions> = helmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) {
    throw failure instanceof Error ? failure : new Error(String(failure));
  }
  return [...headers];
}

/** Our options with frames allowed from these origins too (the sign-in page frames WeChat's QR page). */
export function helmetOptionsWithFrames(frameSrc: readonly string[]): Readonly<HelmetOptions> {
  const csp = helmetOptions.contentSecurityPolicy;
  if (frameSrc.length === 0 || typeof csp !== 'object') {
    return helmetOptions;
  }
  return { ...helmetOptions, contentSecurityPolicy: { ...csp, directives: { ...csp.directives, frameSrc: ["'self'", ...frameSrc] } } };
}

export function registerSecurityHeaders(app: FastifyInstance, { frameSrc = [] }: { frameSrc?: readonly string[] } = {}): void {
  const entries = computeSecurityHeaders(helmetOptionsWithFrames(frameSrc));
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of entries) {
      raw.setHeader(name, value);
    }
    done();
  });
}
