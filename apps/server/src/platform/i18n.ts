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

/**
 * Translates a message key (server text or validation key); other text passes unchanged.
 * `key|a|b` fills `{0}`, `{1}` of the text with a and b.
 */
export function translate(key: string, locale: Locale): string {
  const [name, ...args] = key.split('|') as [string, ...string[]];
  const text = serverTexts[name]?.[locale] ?? validationMessage(name, locale);
  if (text === null || text === undefined) {
    return key;
  }
  return args.reduce((result, arg, index) => result.replaceAll(`{${index}}`, arg), text);
}
