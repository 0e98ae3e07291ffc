import { createHash } from 'node:crypto';
import { planWindow, type PlanPeriod, type SimAction, type SimStatus } from '@smartdata/domain';
import type { CarrierCardRef, CarrierLine, CarrierOrder, CarrierProvider, LineAnswer, ProviderContext, SubmitAnswer } from './carrierProvider';

/**
 * The simulated carrier (docs/sim.md "The simulated carrier"): a carrier that lives in the server,
 * so every screen works without a carrier account. Deterministic: a card's traffic grows at a rate
 * drawn from its ICCID, and every change happens at a known instant of the injected clock.
 *
 * - A card it has not seen starts in the test period (测试期) when first asked about.
 * - The test period ends after `testPeriodMs`: silent period (沉默期) until activated.
 * - activate (test or silent → normal), suspend (normal → suspended), resume (suspended or
 *   suspended-number-kept → normal) and plan changes are accepted at once and take effect after
 *   the connection's delay; an order the card's status does not allow is refused with a message.
 * - A card suspended for `keptAfterMs` becomes suspended but number kept (停机保号).
 * - Traffic flows in normal service (and a trickle in the test period) and stops at the allowance:
 *   the data-card state is then abnormal. A new plan period starts from zero.
 */

const DAY = 86_400_000;
export const simulatedTimes = {
  testPeriodMs: 7 * DAY,
  keptAfterMs: 30 * DAY,
  /** Service term after activation. */
  termMs: 365 * DAY,
  testDailyMb: 0.2,
  /** Allowance of a card whose plan is not known. */
  defaultPlanMb: 100,
};

/** The simulated carrier's status codes, modelled on China Mobile OneLink's where it has one. */
export const simulatedRawStatus: Record<SimStatus, string> = {
  none: '0',
  silent: '1',
  normal: '2',
  suspended: '4',
  test: '6',
  suspendedKept: '9',
};

/** An accepted order due at an instant. */
interface ScheduledChange {
  ref: string;
  action: SimAction;
  planMb: number | null;
  at: number;
}

/** The simulated carrier's record of a card. */
export interface SimulatedLine {
  companyId: number;
  iccid: string;
  status: SimStatus;
  statusSince: number;
  planMb: number;
  usedMb: number;
  usedAt: number;
  periodStart: number;
  activatedAt: number | null;
  scheduled: ScheduledChange[];
  done: Record<string, string | null>;
  orders: number;
}

/** Where the simulated carrier keeps its records (the sim module's repository). */
export interface SimulatedLineStore {
  lines(companyId: number, iccids: readonly string[]): Promise<SimulatedLine[]>;
  save(line: SimulatedLine, isNew: boolean): Promise<void>;
}

/** The ICCID's daily traffic in normal service: 0.5 to 8 MB, fixed per card. */
export function simulatedDailyMb(iccid: string): number {
  const n = createHash('sha256').update(iccid).digest().readUInt16BE(0);
  return 0.5 + (n % 76) / 10;
}

function rateOf(line: SimulatedLine): number {
  switch (line.status) {
    case 'normal':
      return simulatedDailyMb(line.iccid);
    case 'test':
      return simulatedTimes.testDailyMb;
    default:
      return 0;
  }
}

/** Whether `action` is allowed in `status`; the refusal's message key when not. */
export function refusalOf(action: SimAction, status: SimStatus): string | null {
  switch (action) {
    case 'activate':
      return status === 'test' || status === 'silent' ? null : status === 'suspended' || status === 'suspendedKept' ? 'sim.simulated.suspended' : 'sim.simulated.alreadyActive';
    case 'suspend':
      return status === 'normal' ? null : 'sim.simulated.notActive';
    case 'resume':
      return status === 'suspended' || status === 'suspendedKept' ? null : 'sim.simulated.notSuspended';
    case 'changePlan':
      return null;
  }
}

function statusAfter(action: SimAction, status: SimStatus): SimStatus {
  switch (action) {
    case 'activate':
    case 'resume':
      return 'normal';
    case 'suspend':
      return 'suspended';
    case 'changePlan':
      return status;
  }
}

/** Accrues traffic up to `to` at the line's current rate, capped at the allowance. */
function accrue(line: SimulatedLine, to: number): void {
  if (to > line.usedAt) {
    const grown = line.usedMb + (rateOf(line) * (to - line.usedAt)) / DAY;
    line.usedMb = Math.max(line.usedMb, Math.min(grown, line.planMb));
    line.usedAt = to;
  }
}

/**
 * Moves a line forward to `now`: events (due orders, the end of the test period, the number kept
 * after a long suspension, period starts) in time order, traffic accrued between them.
 */
export function advance(line: SimulatedLine, now: number, planPeriod: PlanPeriod, timeZone: string): SimulatedLine {
  const next = { ...line, scheduled: [...line.scheduled], done: { ...line.done } };
  for (;;) {
    const events: { at: number; apply: () => void }[] = [];
    const due = next.scheduled.filter((change) => change.at <= now).sort((a, b) => a.at - b.at)[0];
    if (due) {
      events.push({
        at: due.at,
        apply: () => {
          next.scheduled = next.scheduled.filter((change) => change.ref !== due.ref);
          // Checked again when due: an earlier order may have changed the status meanwhile.
          const refusal = refusalOf(due.action, next.status);
          next.done[due.ref] = refusal;
          if (refusal) {
            return;
          }
          if (due.action === 'changePlan' && due.planMb !== null) {
            next.planMb = due.planMb;
          }
          const status = statusAfter(due.action, next.status);
          if (status !== next.status) {
            next.status = status;
            next.statusSince = due.at;
          }
          if (due.action === 'activate') {
            next.activatedAt = due.at;
          }
        },
      });
    }
    if (next.status === 'test' && next.statusSince + simulatedTimes.testPeriodMs <= now) {
      events.push({ at: next.statusSince + simulatedTimes.testPeriodMs, apply: () => Object.assign(next, { status: 'silent', statusSince: next.statusSince + simulatedTimes.testPeriodMs }) });
    }
    if (next.status === 'suspended' && next.statusSince + simulatedTimes.keptAfterMs <= now) {
      events.push({ at: next.statusSince + simulatedTimes.keptAfterMs, apply: () => Object.assign(next, { status: 'suspendedKept', statusSince: next.statusSince + simulatedTimes.keptAfterMs }) });
    }
    const periodEnd = planWindow(planPeriod, next.periodStart, timeZone).to;
    if (periodEnd <= now) {
      events.push({ at: periodEnd, apply: () => Object.assign(next, { periodStart: periodEnd, usedMb: 0 }) });
    }
    const first = events.sort((a, b) => a.at - b.at)[0];
    if (!first) {
      break;
    }
    accrue(next, first.at);
    first.apply();
  }
  accrue(next, now);
  // Keep the last refs only: a sync reads them well before 200 more orders of one card.
  const refs = Object.keys(next.done);
  for (const ref of refs.slice(0, Math.max(0, refs.length - 200))) {
    delete next.done[ref];
  }
  return next;
}

/** The status a line will have once its accepted orders are due (what a new order is checked against). */
function projectedStatus(line: SimulatedLine): SimStatus {
  let status = line.status;
  for (const change of [...line.scheduled].sort((a, b) => a.at - b.at)) {
    if (refusalOf(change.action, status) === null) {
      status = statusAfter(change.action, status);
    }
  }
  return status;
}

export class SimulatedCarrier implements CarrierProvider {
  readonly working = true;

  constructor(private readonly store: SimulatedLineStore) {}

  private async linesOf(context: ProviderContext, cards: readonly CarrierCardRef[]): Promise<Map<string, SimulatedLine>> {
    const known = new Map((await this.store.lines(context.companyId, cards.map((c) => c.iccid))).map((line) => [line.iccid, line]));
    const lines = new Map<string, SimulatedLine>();
    for (const card of cards) {
      const old = known.get(card.iccid);
      const line = old
        ? advance(old, context.now, card.planPeriod, context.timeZone)
        : {
            companyId: context.companyId,
            iccid: card.iccid,
            status: 'test' as const,
            statusSince: context.now,
            planMb: card.planMb ?? simulatedTimes.defaultPlanMb,
            usedMb: 0,
            usedAt: context.now,
            periodStart: planWindow(card.planPeriod, context.now, context.timeZone).from,
            activatedAt: null,
            scheduled: [],
            done: {},
            orders: 0,
          };
      await this.store.save(line, !old);
      lines.set(card.iccid, line);
    }
    return lines;
  }

  async submit(context: ProviderContext, card: CarrierCardRef, order: CarrierOrder): Promise<SubmitAnswer> {
    const line = (await this.linesOf(context, [card])).get(card.iccid)!;
    const refusal = refusalOf(order.action, projectedStatus(line));
    if (refusal) {
      return { accepted: false, message: refusal };
    }
    const ref = `SIM-${card.iccid.slice(-6)}-${line.orders + 1}`;
    const at = context.now + context.connection.delaySeconds * 1000;
    await this.store.save({ ...line, orders: line.orders + 1, scheduled: [...line.scheduled, { ref, action: order.action, planMb: order.planMb, at }] }, false);
    return { accepted: true, ref };
  }

  async query(context: ProviderContext, cards: readonly CarrierCardRef[]): Promise<Map<string, LineAnswer>> {
    const lines = await this.linesOf(context, cards);
    const answers = new Map<string, LineAnswer>();
    for (const [iccid, line] of lines) {
      const answer: CarrierLine = {
        status: line.status,
        rawStatus: simulatedRawStatus[line.status],
        usedMb: line.usedMb,
        planMb: line.planMb,
        periodStart: line.periodStart,
        activatedAt: line.activatedAt,
        expiresAt: line.activatedAt === null ? null : line.activatedAt + simulatedTimes.termMs,
        finished: line.done,
      };
      answers.set(iccid, { ok: true, line: answer });
    }
    return answers;
  }
}
