import { formatInstant, type Locale } from '@smartdata/domain';
import { companyTimeZone } from '@/shared/session/companyTimeZone';

/**
 * An instant (epoch ms) as `yyyy-MM-dd HH:mm:ss` in the company's time zone (spec §3 date
 * formats), or `—` when there is none.
 */
export function formatDateTime(instant: number | null | undefined, timeZone = companyTimeZone()): string {
  return instant === null || instant === undefined || !Number.isFinite(instant) ? '—' : formatInstant(instant, 'datetime', timeZone);
}

/** An instant as `yyyy-MM-dd` in the company's time zone, or `—`. */
export function formatDate(instant: number | null | undefined, timeZone = companyTimeZone()): string {
  return instant === null || instant === undefined || !Number.isFinite(instant) ? '—' : formatInstant(instant, 'date', timeZone);
}

/** A count with thousands separators in the interface language, or `—` when unknown. */
export function formatCount(value: number | null | undefined, locale: Locale): string {
  return value === null || value === undefined ? '—' : new Intl.NumberFormat(locale).format(value);
}
