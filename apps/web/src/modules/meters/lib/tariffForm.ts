import { tariffPeriods, tariffProblem, type TariffPeriod, type TariffWindow } from '@smartdata/domain';

/** A row of the tariff card as typed (anything may still be missing). */
export interface TariffRow {
  period?: TariffPeriod;
  start?: string;
  end?: string;
  price?: number | null;
}

const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `8:00` → `08:00`; anything else as typed (the rule then names it). */
export function normalizeClock(text: string | undefined): string {
  const trimmed = (text ?? '').trim().replace('：', ':');
  const match = /^(\d{1,2}):(\d{2})$/.exec(trimmed);
  return match ? `${match[1].padStart(2, '0')}:${match[2]}` : trimmed;
}

export function isClock(text: string | undefined): boolean {
  return clock.test(normalizeClock(text));
}

/** The rows as the server takes them (only once every row is complete). */
export function tariffWindows(rows: readonly TariffRow[]): TariffWindow[] {
  return rows.map((row) => ({ period: row.period ?? 'flat', start: normalizeClock(row.start), end: normalizeClock(row.end), price: row.price ?? 0 }));
}

/** Why the rows cannot be saved as they are (a domain key `key|params`), or null; incomplete rows are left to their own fields' rules. */
export function tariffRowsProblem(rows: readonly TariffRow[]): string | null {
  if (rows.some((row) => !row.period || !isClock(row.start) || !isClock(row.end) || row.price === null || row.price === undefined)) {
    return null;
  }
  return tariffProblem(tariffWindows(rows));
}

/** A common three-period tariff to start from: valley 23:00–07:00 (across midnight), peak 08:00–11:00 and 18:00–23:00, flat the rest. */
export function exampleTariff(): TariffRow[] {
  return [
    { period: 'valley', start: '23:00', end: '07:00', price: 0.3 },
    { period: 'flat', start: '07:00', end: '08:00', price: 0.6 },
    { period: 'peak', start: '08:00', end: '11:00', price: 1 },
    { period: 'flat', start: '11:00', end: '18:00', price: 0.6 },
    { period: 'peak', start: '18:00', end: '23:00', price: 1 },
  ];
}

/** Periods in their fixed order (尖 峰 平 谷 深谷). */
export const periodOrder: readonly TariffPeriod[] = tariffPeriods;
