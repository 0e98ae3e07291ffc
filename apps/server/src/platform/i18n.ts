import type { FastifyRequest } from 'fastify';
import { defaultLocale, type Locale, validationMessage } from '@smartdata/domain';
import { serverTexts } from './serverTexts';

/** The request's locale: the Accept-Language header's first supported language, else zh-CN. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.toLowerCase().startsWith('en')) {
    return 'en-US';
  }
  return defaultLocale;
}

/** Translates a message key (server text or validation key); other text passes unchanged. */
export function translate(key: string, locale: Locale): string {
  return serverTexts[key]?.[locale] ?? validationMessage(key, locale) ?? key;
}
