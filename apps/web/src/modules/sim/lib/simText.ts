import { iccidProblem, type Locale, type SimCarrier } from '@smartdata/domain';

/**
 * Pure helpers of the SIM card screens: batch rules the server enforces (one carrier per batch,
 * none not operable), the usage bar's tone, MB in words and the ICCID hint of the add form.
 */

/** What keeps a batch from being operated: null when every card shares one real carrier. */
export function batchProblem(rows: ReadonlyArray<{ carrier: SimCarrier }>): 'empty' | 'mixedCarriers' | 'noCarrier' | null {
  if (rows.length === 0) {
    return 'empty';
  }
  const carriers = new Set(rows.map((row) => row.carrier));
  if (carriers.size > 1) {
    return 'mixedCarriers';
  }
  return carriers.has('none') ? 'noCarrier' : null;
}

/** The usage bar's tone: over the alert threshold a warning, at the allowance an exception. */
export function usageTone(percent: number | null, alertPercent = 80): 'normal' | 'warning' | 'exception' {
  if (percent === null) {
    return 'normal';
  }
  if (percent >= 100) {
    return 'exception';
  }
  return alertPercent > 0 && percent >= alertPercent ? 'warning' : 'normal';
}

/** MB as text: below 1 024 MB in MB (up to 2 decimals), above in GB; `—` for none. */
export function formatMb(mb: number | null | undefined, locale: Locale): string {
  if (mb === null || mb === undefined) {
    return '—';
  }
  if (Math.abs(mb) >= 1024) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(mb / 1024)} GB`;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(mb)} MB`;
}

/**
 * The add form's live ICCID hint: while typing, how many digits there are; once 19 or 20 digits,
 * whether the Luhn check digit holds. `key` is a message key of the domain (or this module's).
 */
export function iccidHint(value: string): { ok: boolean; key: string; count: number } | null {
  const digits = value.trim();
  if (digits === '') {
    return null;
  }
  const problem = iccidProblem(digits);
  if (problem === null) {
    return { ok: true, key: 'form.iccidValid', count: digits.length };
  }
  if (/^\d+$/.test(digits) && digits.length < 19) {
    return { ok: false, key: 'form.iccidDigits', count: digits.length };
  }
  return { ok: false, key: problem, count: digits.length };
}
