import { startOfDay, startOfMonth } from '../shared/time';
import type { ConsumptionInterval, ConsumptionPoint, MeterReading, TariffPeriod } from './meters.schemas';
import { meterLimits } from './meters.schemas';
import { periodAt, type TariffClock } from './tariffs';

/**
 * The arithmetic of electric meters (issue 17, docs/meters.md "Arithmetic"). Pure: readings in,
 * days and months out, in the company's time zone.
 *
 * - A reading closes the interval since the reading before it; that interval's consumption
 *   (the difference of the two counter values) belongs to the day, month and tariff window in
 *   which the interval **ends**, taken as the instant just before the reading (a reading at
 *   00:00 closes the day before). Nothing is interpolated.
 * - A counter that drops is a reset (or a rollover, or a replaced meter): the interval ending at
 *   the drop counts 0 and the next ones count from the new value, so consumption is never
 *   negative and nothing is guessed about the unseen part.
 * - A day (month) without any reading is a gap: value null, `gap: true`. What was used during a
 *   gap shows on the first day with a reading after it (the counter says how much, not when).
 * - Before the meter began there is nothing to miss: a day that ends before both the meter's
 *   creation and the first reading of its source is not begun (null, no gap) — like a day still
 *   to come (issue 31.15: the days of the month before a new meter read 缺数). A source read
 *   before the meter was made keeps its history, and its own gaps.
 * - A virtual meter is Σ factor × the consumption of its sources for the same day (month) and
 *   tariff period; a gap in any source makes that day a gap.
 */

/** The consumption of one interval between readings, at the reading that closes it. */
export interface CounterDelta {
  at: number;
  value: number;
  reset: boolean;
}

/** Deltas of a cumulative counter; `readings` ascending by instant, `previous` the last reading before them (or null). */
export function counterDeltas(readings: readonly MeterReading[], previous: MeterReading | null = null): CounterDelta[] {
  const deltas: CounterDelta[] = [];
  let before = previous;
  for (const reading of readings) {
    if (before) {
      const reset = reading.value < before.value;
      deltas.push({ at: reading.at, value: reset ? 0 : reading.value - before.value, reset });
    }
    before = reading;
  }
  return deltas;
}

/** Starts of the local days or months from the one holding `from` up to (not including) `to`, and the end of the last one. */
export function bucketStarts(from: number, to: number, interval: ConsumptionInterval, timeZone: string): { starts: number[]; end: number } {
  const first = interval === 'day' ? startOfDay(from, timeZone) : startOfMonth(from, timeZone);
  const starts: number[] = [];
  let start = first;
  while (start < to) {
    starts.push(start);
    start = nextMeterBucket(start, interval, timeZone);
  }
  return { starts, end: start };
}

/** The start of the next local day (a day is 23 to 25 hours) or month. */
export function nextMeterBucket(start: number, interval: ConsumptionInterval, timeZone: string): number {
  return interval === 'day' ? startOfDay(start + 30 * 3_600_000, timeZone) : startOfMonth(start + 32 * 86_400_000, timeZone);
}

/** The index of the bucket holding `instant` (starts ascending, `end` the end of the last), or -1. */
function bucketIndex(starts: readonly number[], end: number, instant: number): number {
  if (starts.length === 0 || instant < starts[0] || instant >= end) {
    return -1;
  }
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= instant) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}

/** Consumption per tariff period (absent without a tariff). */
export type PeriodValues = Partial<Record<TariffPeriod, number>>;

/** One day or month of a meter: the consumption, per tariff period too, or a gap. */
export interface UsageBucket extends ConsumptionPoint {
  /** Per tariff period; null on a gap or without a tariff. */
  periods: PeriodValues | null;
}

export interface UsageWindow {
  starts: readonly number[];
  end: number;
  /** Buckets that begin after `now` are not begun: value null, no gap. */
  now: number;
  timeZone: string;
  /** The company's tariff, or null (no periods). */
  tariff: TariffClock | null;
  /** When the meter was created (standard meters): with no reading before, the days before it are not begun. */
  createdAt?: number;
}

/**
 * Days or months of a standard meter from its readings in [starts[0], end) (ascending) and the
 * last reading before them.
 */
export function counterUsage(readings: readonly MeterReading[], previous: MeterReading | null, window: UsageWindow): UsageBucket[] {
  const { starts, end, now, tariff } = window;
  const seen = new Array<boolean>(starts.length).fill(false);
  const values = new Array<number>(starts.length).fill(0);
  const periods = starts.map((): PeriodValues | null => (tariff ? {} : null));
  for (const reading of readings) {
    const index = bucketIndex(starts, end, reading.at - 1);
    if (index >= 0) {
      seen[index] = true;
    }
  }
  const clock = tariff ? new DayClock(window.timeZone) : null;
  for (const delta of counterDeltas(readings, previous)) {
    const instant = delta.at - 1;
    const index = bucketIndex(starts, end, instant);
    if (index < 0) {
      continue;
    }
    values[index] += delta.value;
    const byPeriod = periods[index];
    if (tariff && clock && byPeriod) {
      const period = periodAt(tariff, clock.minuteOf(instant));
      byPeriod[period] = (byPeriod[period] ?? 0) + delta.value;
    }
  }
  // The meter began at its creation, or at its source's first reading when that came earlier.
  const firstReading = previous?.at ?? readings[0]?.at ?? Number.POSITIVE_INFINITY;
  const began = window.createdAt === undefined ? Number.NEGATIVE_INFINITY : Math.min(window.createdAt, firstReading);
  return starts.map((time, index) => {
    const bucketEnd = starts[index + 1] ?? end;
    if (time > now || (!seen[index] && bucketEnd <= began)) {
      return { time, value: null, gap: false, periods: null };
    }
    if (!seen[index]) {
      return { time, value: null, gap: true, periods: null };
    }
    return { time, value: values[index], gap: false, periods: periods[index] };
  });
}

/**
 * A virtual meter's buckets: Σ factor × each source's buckets (the same starts). A gap in any source
 * is a gap; a bucket not begun in any source is not begun.
 */
export function combineUsage(terms: ReadonlyArray<{ factor: number; buckets: readonly UsageBucket[] }>, starts: readonly number[]): UsageBucket[] {
  return starts.map((time, index) => {
    const parts = terms.map((t) => t.buckets[index]);
    if (parts.some((p) => !p || p.gap)) {
      return { time, value: null, gap: true, periods: null };
    }
    if (parts.some((p) => p.value === null)) {
      return { time, value: null, gap: false, periods: null };
    }
    let value = 0;
    let periods: PeriodValues | null = parts.every((p) => p.periods !== null) ? {} : null;
    terms.forEach((term, i) => {
      const part = parts[i];
      value += term.factor * (part.value ?? 0);
      if (periods && part.periods) {
        for (const [period, v] of Object.entries(part.periods) as Array<[TariffPeriod, number]>) {
          periods[period] = (periods[period] ?? 0) + term.factor * v;
        }
      }
    });
    if (terms.length === 0) {
      periods = null;
    }
    return { time, value, gap: false, periods };
  });
}

/** Rounds to `decimals` places (kWh: 3, money: 2), without -0. */
export function roundMeterValue(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** The answer of getConsumption: rounded values, and the total of the entries that are not gaps. */
export function consumptionAnswer(buckets: readonly UsageBucket[]): { list: ConsumptionPoint[]; total: number } {
  let total = 0;
  const list = buckets.map((b) => {
    if (b.value !== null) {
      total += b.value;
    }
    return { time: b.time, value: b.value === null ? null : roundMeterValue(b.value, meterLimits.valueDecimals), gap: b.gap };
  });
  return { list, total: roundMeterValue(total, meterLimits.valueDecimals) };
}

/** One local day of a meter's reading log: readings received, first and last, resets seen. */
export interface ReadingDay {
  time: number;
  readings: number;
  first: MeterReading | null;
  last: MeterReading | null;
  resets: number;
}

/** Readings per local day (the day of `at - 1`, as consumption counts them). */
export function readingDays(readings: readonly MeterReading[], previous: MeterReading | null, starts: readonly number[], end: number): ReadingDay[] {
  const days: ReadingDay[] = starts.map((time) => ({ time, readings: 0, first: null, last: null, resets: 0 }));
  let before = previous;
  for (const reading of readings) {
    const index = bucketIndex(starts, end, reading.at - 1);
    if (index >= 0) {
      const day = days[index];
      day.readings += 1;
      day.first ??= reading;
      day.last = reading;
      if (before && reading.value < before.value) {
        day.resets += 1;
      }
    }
    before = reading;
  }
  return days;
}

/** Minutes since local midnight, computing each day's midnight once for instants in ascending order. */
export class DayClock {
  private dayStart = Number.NaN;
  private dayEnd = Number.NaN;

  constructor(private readonly timeZone: string) {}

  minuteOf(instant: number): number {
    if (!(instant >= this.dayStart && instant < this.dayEnd)) {
      this.dayStart = startOfDay(instant, this.timeZone);
      this.dayEnd = nextMeterBucket(this.dayStart, 'day', this.timeZone);
    }
    return Math.floor((instant - this.dayStart) / 60_000);
  }
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local date `yyyy-MM-dd` of an instant. */
export function localDateText(instant: number, timeZone: string): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
