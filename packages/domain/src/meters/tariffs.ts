import { tariffPeriods, type PeriodUsage, type TariffPeriod, type TariffWindow } from './meters.schemas';

/**
 * Time-of-use tariffs (issue 17, docs/meters.md "Tariffs"): a company's day is cut into windows of
 * local time, each of a period (尖 峰 平 谷 深谷) with a price per kWh. A window whose end is not
 * after its start crosses midnight (22:00–06:00 is 22:00–24:00 and 00:00–06:00). A saved tariff
 * covers the day exactly once, so every kWh has one price.
 */

const minutesPerDay = 1440;

/** A tariff ready for lookups: the period of every minute of the day, and each period's price. */
export interface TariffClock {
  minutes: readonly TariffPeriod[];
  prices: Partial<Record<TariffPeriod, number>>;
}

export function minuteOfClock(text: string): number {
  const [hours, minutes] = text.split(':').map(Number);
  return hours * 60 + minutes;
}

function clockOfMinute(minute: number): string {
  const m = ((minute % minutesPerDay) + minutesPerDay) % minutesPerDay;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The minutes a window covers, [start, end) and across midnight when end ≤ start; the whole day when start = end. */
function windowMinutes(window: Pick<TariffWindow, 'start' | 'end'>): number[] {
  const start = minuteOfClock(window.start);
  const end = minuteOfClock(window.end);
  const length = end > start ? end - start : end - start + minutesPerDay;
  return Array.from({ length }, (_, i) => (start + i) % minutesPerDay);
}

const label = (w: Pick<TariffWindow, 'start' | 'end'>) => `${w.start}–${w.end}`;

/**
 * Why the windows cannot be saved (a message key with its parameters), or null. No windows at all
 * is allowed (no tariff, no costs). A window with start = end covers the whole day and may only
 * stand alone.
 */
export function tariffProblem(windows: readonly TariffWindow[]): string | null {
  if (windows.length === 0) {
    return null;
  }
  const prices = new Map<TariffPeriod, number>();
  for (const w of windows) {
    const price = prices.get(w.period);
    if (price !== undefined && price !== w.price) {
      return `validation.meter.periodPrice|${w.period}`;
    }
    prices.set(w.period, w.price);
    if (w.start === w.end && windows.length > 1) {
      return `validation.meter.tariffEmptyWindow|${label(w)}`;
    }
  }
  const owner = new Array<number>(minutesPerDay).fill(-1);
  for (const [index, w] of windows.entries()) {
    for (const minute of windowMinutes(w)) {
      const other = owner[minute];
      if (other >= 0) {
        return `validation.meter.tariffOverlap|${label(windows[other])}|${label(w)}`;
      }
      owner[minute] = index;
    }
  }
  // Scan from a covered minute, so a hole across midnight is named whole (22:00–06:00).
  const covered = owner.findIndex((o) => o >= 0);
  for (let i = 0; i < minutesPerDay; i += 1) {
    const minute = (covered + i) % minutesPerDay;
    if (owner[minute] === -1) {
      let length = 0;
      while (length < minutesPerDay && owner[(minute + length) % minutesPerDay] === -1) {
        length += 1;
      }
      return `validation.meter.tariffHole|${clockOfMinute(minute)}–${clockOfMinute(minute + length)}`;
    }
  }
  return null;
}

/** The lookup form of windows that passed `tariffProblem`; null for no windows. */
export function tariffClock(windows: readonly TariffWindow[]): TariffClock | null {
  if (windows.length === 0) {
    return null;
  }
  const minutes = new Array<TariffPeriod>(minutesPerDay).fill(windows[0].period);
  const prices: Partial<Record<TariffPeriod, number>> = {};
  for (const w of windows) {
    prices[w.period] = w.price;
    for (const minute of windowMinutes(w)) {
      minutes[minute] = w.period;
    }
  }
  return { minutes, prices };
}

/** The period of a minute of the local day (0–1439). */
export function periodAt(tariff: TariffClock, minuteOfDay: number): TariffPeriod {
  return tariff.minutes[Math.min(Math.max(minuteOfDay, 0), minutesPerDay - 1)];
}

/** The tariff's periods in display order (尖 峰 平 谷 深谷). */
export function periodsOf(tariff: TariffClock | null): TariffPeriod[] {
  return tariff ? tariffPeriods.filter((p) => tariff.prices[p] !== undefined) : [];
}

/** Consumption and cost per period of one day (unrounded); a gap or a day not begun has nulls. */
export function pricedPeriods(values: Partial<Record<TariffPeriod, number>> | null, tariff: TariffClock | null): { periods: PeriodUsage[]; cost: number | null } {
  if (!tariff) {
    return { periods: [], cost: null };
  }
  let cost: number | null = values ? 0 : null;
  const periods = periodsOf(tariff).map((period) => {
    if (!values) {
      return { period, value: null, cost: null };
    }
    const value = values[period] ?? 0;
    const periodCost = value * (tariff.prices[period] ?? 0);
    cost = (cost ?? 0) + periodCost;
    return { period, value, cost: periodCost };
  });
  return { periods, cost };
}
