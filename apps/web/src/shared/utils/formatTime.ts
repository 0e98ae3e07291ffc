import type { Locale } from '@smartdata/domain';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An instant (epoch ms) as `yyyy-MM-dd HH:mm:ss` in the browser's time zone (spec §3 date
 * formats), or `—` when there is none.
 */
export function formatDateTime(instant: number | null | undefined): string {
  if (instant === null || instant === undefined || !Number.isFinite(instant)) {
    return '—';
  }
  const date = new Date(instant);
  return `${formatDate(instant)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** An instant as `yyyy-MM-dd`, or `—`. */
export function formatDate(instant: number | null | undefined): string {
  if (instant === null || instant === undefined || !Number.isFinite(instant)) {
    return '—';
  }
  const date = new Date(instant);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A count with thousands separators in the interface language, or `—` when unknown. */
export function formatCount(value: number | null | undefined, locale: Locale): string {
  return value === null || value === undefined ? '—' : new Intl.NumberFormat(locale).format(value);
}
