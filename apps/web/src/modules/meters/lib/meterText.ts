import { validationMessage, type Locale } from '@smartdata/domain';

/** A message key with its parameters (`key|a|b`, the domain's form) in words, or null when not ours. */
export function messageText(keyWithParams: string, locale: Locale): string | null {
  const [key = '', ...params] = keyWithParams.split('|');
  const text = validationMessage(key, locale);
  return text === null ? null : text.replace(/\{(\d+)\}/g, (whole, index: string) => params[Number(index)] ?? whole);
}

/** kWh with up to 3 decimals (the server's rounding), grouped; `—` for none. */
export function formatKwh(value: number | null | undefined, locale: Locale): string {
  return value === null || value === undefined ? '—' : new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value);
}

/** Money with 2 decimals; `—` for none. */
export function formatMoney(value: number | null | undefined, locale: Locale): string {
  return value === null || value === undefined ? '—' : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** A formula as text: `A + B`, `A − 0.5 × B` (signed factors). */
export function formulaText(terms: ReadonlyArray<{ factor: number; meterName: string }>, locale: Locale): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  return terms
    .map((term, index) => {
      const size = Math.abs(term.factor);
      const body = size === 1 ? term.meterName : `${number.format(size)} × ${term.meterName}`;
      const sign = term.factor < 0 ? '−' : '+';
      return index === 0 ? (term.factor < 0 ? `${sign} ${body}` : body) : `${sign} ${body}`;
    })
    .join(' ');
}
