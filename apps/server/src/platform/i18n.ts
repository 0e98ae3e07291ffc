import type { FastifyRequest } from 'fastify';
import { alarmMessages, dashboardMessages, taskMessages, defaultLocale, deviceMessage, locales, telemetryMessage, type Locale, validationMessage } from '@smartdata/domain';
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
 * Translates a message key of any module (server texts, validation keys of the domain schemas,
 * dashboards, alarms, telemetry, devices and flow rules); other text passes unchanged. `key|a|b` fills
 * `{0}`, `{1}` of the text with a and b. The envelope's error handler is the one caller for
 * refusals: modules throw `AppError(code, key)` and never translate themselves.
 */
export function translate(key: string, locale: Locale): string {
  const [name, ...args] = key.split('|') as [string, ...string[]];
  const text = serverTexts[name]?.[locale] ?? validationMessage(name, locale) ?? dashboardMessages[name]?.[locale] ?? alarmMessages[name]?.[locale] ?? taskMessages[name]?.[locale];
  if (text === null || text === undefined) {
    // These fill their own arguments (device texts name lifecycle statuses in the language).
    return telemetryMessage(key, locale) ?? deviceMessage(key, locale) ?? key;
  }
  return args.reduce((result, arg, index) => result.replaceAll(`{${index}}`, arg), text);
}

/**
 * A built-in record's name (the platform company, an administrator role): while it carries its
 * server-text key it reads in the caller's language; once a user renames it the key is cleared
 * and the stored name is theirs.
 */
export function builtinName(name: string, builtinKey: string | null, locale: Locale): string {
  return builtinKey ? translate(builtinKey, locale) : name;
}

/** Whether `name` is one of the built-in key's texts (saving a form that kept the shown name is no rename). */
export function isBuiltinText(name: string, builtinKey: string | null): boolean {
  return builtinKey !== null && locales.some((locale) => translate(builtinKey, locale) === name);
}
