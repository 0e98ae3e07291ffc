import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, errorCodeInfo, type Envelope, type ErrorCodeValue } from '@smartdata/domain';
import { AppError } from './errors';
import { requestLocale, translate } from './i18n';

/** The success envelope. Routes return `ok(data)`. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: ErrorCode.ok, msg, data };
}

function send(reply: FastifyReply, request: FastifyRequest, code: ErrorCodeValue, reason?: string, data: unknown = null, fields?: Record<string, unknown>) {
  const locale = requestLocale(request);
  const info = errorCodeInfo[code];
  const translatedReason = reason ? translate(reason, locale) : undefined;
  // 50001 carries the readable reason in `data` (spec §8: the client shows data for 50001).
  const body: Envelope =
    code === ErrorCode.validationFailed
      ? { code, msg: info[locale], data: translatedReason ?? data ?? info[locale] }
      : { code, msg: translatedReason ?? info[locale], data };
  return reply.status(info.http).send(fields ? { ...body, ...fields } : body);
}

function zodReason(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) {
    return 'validation.invalid';
  }
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'validation.invalid';
  return message.startsWith('validation.') ? (field ? `${field}: ${message}` : message) : `${field || 'body'}: ${message}`;
}

/** One error handler: every failure becomes an envelope with a stable code; 5xx leak nothing. */
export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, request, reply) => {
    if (thrown instanceof AppError) {
      const fields = thrown.envelopeFields(requestLocale(request));
      return fields ? send(reply, request, thrown.code, thrown.reason, thrown.data, fields) : send(reply, request, thrown.code, thrown.reason, thrown.data);
    }
    const error = thrown as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const reason = zodReason(error);
      const [field, key] = reason.includes(': ') ? reason.split(': ') : ['', reason];
      const locale = requestLocale(request);
      const text = field ? `${field}: ${translate(key, locale)}` : translate(key, locale);
      return send(reply, request, ErrorCode.validationFailed, text);
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, request, ErrorCode.tooLarge);
    }
    if (status === 429) {
      return send(reply, request, ErrorCode.rateLimited);
    }
    if (status === 404) {
      return send(reply, request, ErrorCode.notFound);
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, empty body: the request could not be read.
      return send(reply, request, ErrorCode.validationFailed, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, ErrorCode.internal);
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, ErrorCode.notFound);
}
