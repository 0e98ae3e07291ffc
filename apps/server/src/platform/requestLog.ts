import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Query parameters that carry a credential: a bearer token (old WebSocket clients send it in the
 * URL), a password, a secret or key, a signature, a one-time code (SMS, WeChat's OAuth callback, a
 * certificate's verification code). Their values never reach the log.
 */
const credentialParameter = /^(token|access_?token|refresh_?token|password|passwd|secret|client_?secret|api_?key|key|signature|sig|code|sms_?code|ticket)$/i;

/** `url` with the value of every credential-bearing query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) {
    return url;
  }
  const hash = url.indexOf('#', question);
  const query = url.slice(question + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // a malformed name is kept as it is
      }
      return equals >= 0 && credentialParameter.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}

/**
 * The server's logger: pino at `level`, with Fastify's request serializer except that the URL is
 * redacted (the default info-level "incoming request" line prints it).
 */
export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
