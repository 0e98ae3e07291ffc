import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, errorCodeInfo, validationMessage, type Envelope, type ErrorCodeValue, type Locale } from '@smartdata/domain';
import { AppError } from './errors';
import { requestLocale, translate } from './i18n';
import { issueText, listPosition, refusalText } from './refusals';
import { UnsupportedMediaType } from './requestBody';

/** The success envelope. Routes return `ok(data)`. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: ErrorCode.ok, msg, data };
}

function send(reply: FastifyReply, request: FastifyRequest, code: ErrorCodeValue, reason?: string, data: unknown = null, fields?: Record<string, unknown>, status?: number) {
  const locale = requestLocale(request);
  const info = errorCodeInfo[code];
  const translatedReason = reason ? translate(reason, locale) : undefined;
  // 50001 carries the readable reason in `data` (spec §8: the client shows data for 50001).
  const body: Envelope =
    code === ErrorCode.validationFailed
      ? { code, msg: info[locale], data: translatedReason ?? data ?? info[locale] }
      : { code, msg: translatedReason ?? info[locale], data };
  return reply.status(status ?? info.http).send(fields ? { ...body, ...fields } : body);
}

/** The reason of a request zod refused, in the caller's language (platform/refusals.ts). */
function validationReason(error: FastifyError, locale: Locale, url: string): string {
  const first = error.validation?.[0];
  if (!first) {
    return translate('validation.invalid', locale);
  }
  const path = first.instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const message = first.message ?? '';
  // A schema's own key already names its field ("名称不能为空", "目录名称最多 25 个字符").
  const position = listPosition(path, locale, url);
  // Module keys too (sms.ascii, notify.urlFormat): any key the validation texts know.
  if (message.startsWith('validation.') || validationMessage(message, locale) !== null) {
    return position + translate(message, locale);
  }
  return position + issueText(first.keyword, message, first.params, path, locale, url);
}

/** Fastify's refusals before a schema runs, by its error code. */
function requestRefusal(error: FastifyError): { key: string; status: number } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { key: error instanceof UnsupportedMediaType ? error.refusalKey : 'request.unsupportedMediaType', status: 415 };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { key: 'request.badJson', status: 400 };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { key: 'request.emptyBody', status: 400 };
    default:
      return { key: error instanceof SyntaxError ? 'request.badJson' : 'request.unreadable', status: 400 };
  }
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
      return send(reply, request, ErrorCode.validationFailed, validationReason(error, requestLocale(request), request.url));
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
      const refusal = requestRefusal(error);
      return send(reply, request, ErrorCode.validationFailed, refusalText(refusal.key, requestLocale(request)), null, undefined, refusal.status);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, ErrorCode.internal);
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, ErrorCode.notFound);
}
