import { zonedMidnight, zoneOffset } from '../shared/time';
import type { DataCardState, ExhaustionWarning, PlanPeriod, SimStatus } from './sim.schemas';

/**
 * Traffic arithmetic of SIM cards (docs/sim.md "Usage"): plan periods in the company's time zone,
 * usage per local day, the data-card state a status implies, and the plan-exhaustion warning of a
 * bound gateway. Pure.
 */

export const MB = 1024 * 1024;
const DAY_MS = 86_400_000;
/**
 * Bytes a gateway sends per message beyond its payload: IPv4 + TCP headers (40), the MQTT fixed and
 * variable header with a typical topic (about 40), the broker's TCP ACK and a share of keep-alives
 * (about 70). An estimate; carriers bill every byte on the wire.
 */
export const messageOverheadBytes = 150;

function localDate(instant: number, timeZone: string): { year: number; month: number; day: number } {
  const local = new Date(instant + zoneOffset(instant, timeZone));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** The local date of an instant as yyyy-MM-dd. */
export function localDay(instant: number, timeZone: string): string {
  const d = localDate(instant, timeZone);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** The plan period [from, to) containing `at`: the calendar month, quarter or year of the company zone. */
export function planWindow(period: PlanPeriod, at: number, timeZone: string): { from: number; to: number } {
  const d = localDate(at, timeZone);
  switch (period) {
    case 'monthly':
      return { from: zonedMidnight(d.year, d.month, 1, timeZone), to: zonedMidnight(d.year, d.month + 1, 1, timeZone) };
    case 'quarterly': {
      const first = d.month - ((d.month - 1) % 3);
      return { from: zonedMidnight(d.year, first, 1, timeZone), to: zonedMidnight(d.year, first + 3, 1, timeZone) };
    }
    case 'yearly':
      return { from: zonedMidnight(d.year, 1, 1, timeZone), to: zonedMidnight(d.year + 1, 1, 1, timeZone) };
  }
}

/** Used / allowance in %, one decimal; null without an allowance. */
export function usedPercent(usedMb: number, planMb: number | null): number | null {
  if (planMb === null || planMb <= 0) {
    return null;
  }
  return Math.round((usedMb / planMb) * 1000) / 10;
}

/** Rounds MB to 3 decimals (KB precision) for storage and display. */
export function roundMb(mb: number): number {
  return Math.round(mb * 1000) / 1000;
}

/**
 * Spreads `mb` used between two syncs over the local days of [from, to), in proportion to the time
 * of each day in the window (a carrier reports a running total, not when each byte went).
 */
export function spreadOverDays(from: number, to: number, mb: number, timeZone: string): { day: string; mb: number }[] {
  if (mb <= 0) {
    return [];
  }
  if (to <= from) {
    return [{ day: localDay(to, timeZone), mb }];
  }
  const parts: { day: string; mb: number }[] = [];
  let start = from;
  while (start < to) {
    const d = localDate(start, timeZone);
    const next = Math.min(to, zonedMidnight(d.year, d.month, d.day + 1, timeZone));
    parts.push({ day: localDay(start, timeZone), mb: (mb * (next - start)) / (to - from) });
    start = next;
  }
  return parts;
}

/**
 * The data-card state (spec §4) a status implies: a card that has not reached normal service (none,
 * test period, silent period) is not activated; a normal card runs unless its allowance is used
 * up (the carrier throttles or cuts it); a suspended one is abnormal.
 */
export function dataCardStateOf(status: SimStatus, usedMb: number, planMb: number | null): DataCardState {
  switch (status) {
    case 'none':
    case 'test':
    case 'silent':
      return 'notActivated';
    case 'normal':
      return planMb !== null && planMb > 0 && usedMb >= planMb ? 'abnormal' : 'running';
    case 'suspended':
    case 'suspendedKept':
      return 'abnormal';
  }
}

/** MB a gateway sends per day at `dataFrequency` minutes with `payloadBytes` per message. */
export function gatewayDailyMb(dataFrequency: number, payloadBytes: number): number {
  return ((24 * 60) / dataFrequency) * (payloadBytes + messageOverheadBytes) / MB;
}

/**
 * The plan-exhaustion warning of a bound gateway: at its data frequency and payload, will the card
 * use more than its allowance before the period ends? Null when it will not (or nothing is known).
 */
export function exhaustionWarning(input: {
  usedMb: number;
  planMb: number | null;
  now: number;
  periodEnd: number;
  dataFrequency: number | null;
  payloadBytes: number | null;
}): ExhaustionWarning | null {
  const { usedMb, planMb, now, periodEnd, dataFrequency, payloadBytes } = input;
  if (planMb === null || planMb <= 0 || dataFrequency === null || payloadBytes === null || periodEnd <= now) {
    return null;
  }
  const dailyMb = gatewayDailyMb(dataFrequency, payloadBytes);
  const projectedMb = usedMb + (dailyMb * (periodEnd - now)) / DAY_MS;
  if (projectedMb <= planMb) {
    return null;
  }
  const exhaustsAt = usedMb >= planMb ? now : now + Math.round(((planMb - usedMb) / dailyMb) * DAY_MS);
  return { dataFrequency, payloadBytes, dailyMb: roundMb(dailyMb), projectedMb: roundMb(projectedMb), exhaustsAt, periodEnd };
}
