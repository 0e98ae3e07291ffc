import type { FastifyBaseLogger } from 'fastify';
import { deliveryStates, type DeliveryState, type DeliveryView, type Locale, type Page, type PageQuery } from '@smartdata/domain';
import { translate } from '@server/platform/i18n';
import type { Scheduler } from '@server/platform/scheduler';
import { DeliveryFailure, type DeliveryAdapter, type DeliveryQueue, type DeliveryRequest } from './deliveryQueue.port';
import type { DeliveryRow, NotifyRepository } from './notify.repository';

/** Waits after the 1st, 2nd, 3rd and 4th failed try: the 5th and last is about 30 minutes after the first. */
export const retryDelaysMs = [30_000, 2 * 60_000, 8 * 60_000, 20 * 60_000] as const;
export const maxAttempts = retryDelaysMs.length + 1;
/** A claimed row is another instance's (or the next start's) again after this: longer than any send (5 s). */
const claimMs = 60_000;
const batchSize = 50;
const parallel = 8;
const leaseJob = 'delivery queue';
const answerMax = 1000;

/** Tries of one adapter by outcome: delivered, failed with a retry to come, failed for good. */
export interface DeliveryAttempts {
  sent: number;
  retrying: number;
  failed: number;
}

const isKey = (answer: string) => /^(notify|sms|webhook)\.[A-Za-z.]+(\||$)/.test(answer);

/**
 * The durable delivery queue (deliveryQueue.port.ts): rows in `delivery`, drained by whichever
 * instance holds the scheduler's lease — every second, and at once after an enqueue. Each row is
 * claimed by one conditional update before it is sent, so it is sent once even if two drains
 * overlap; a claim left by a server that stopped mid-send runs out and the row is sent again
 * (at least once). A closing server aborts its sends in flight and records nothing for them.
 */
export class DurableDeliveryQueue implements DeliveryQueue {
  /** Tries settled by this process since start, per adapter (platform/metrics.ts reads them). */
  readonly attempts = new Map<string, DeliveryAttempts>();
  private readonly adapters = new Map<string, DeliveryAdapter>();
  private readonly closing = new AbortController();
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly repository: NotifyRepository,
    private readonly scheduler: Pick<Scheduler, 'runExclusive'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Rows on their way (pending, retrying, sending) and failed for good, of every instance (metrics). */
  counts(): Promise<Record<string, number>> {
    return this.repository.countByState(['pending', 'retrying', 'sending', 'failed']);
  }

  registerAdapter(adapter: DeliveryAdapter): void {
    this.adapters.set(adapter.name, adapter);
  }

  async enqueue(requests: readonly DeliveryRequest[]): Promise<void> {
    const now = Date.now();
    await this.repository.insertDeliveries(
      requests.map((r) => ({
        company_id: r.companyId,
        subject: r.subject,
        kind: r.kind,
        adapter: r.adapter,
        target: JSON.stringify(r.target),
        label: r.label.slice(0, 300),
        event: r.event,
        payload: JSON.stringify(r.payload),
        state: 'pending',
        attempts: 0,
        next_at: now,
        claim_until: null,
        answer: null,
        created_at: now,
        updated_at: now,
        sent_at: null,
      })),
    );
    if (requests.length > 0) {
      this.kick();
    }
  }

  /** Drains soon, off the caller's path; a kick during a drain drains again after it. */
  kick(): void {
    if (this.closing.signal.aborted) {
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .catch((error: unknown) => this.log.error({ err: error }, 'delivery queue failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when no drain is running or due to run (tests, and the alarms' idle). */
  async idle(): Promise<void> {
    while (this.running) {
      await this.running;
    }
  }

  /** Sends what is due at `now` (tests pass a later `now` instead of waiting for a retry). */
  async drain(now = Date.now()): Promise<void> {
    if (this.closing.signal.aborted || (await this.repository.due(now, 1)).length === 0) {
      return;
    }
    await this.scheduler.runExclusive(leaseJob, async () => {
      for (;;) {
        const ids = await this.repository.due(now, batchSize);
        if (ids.length === 0 || this.closing.signal.aborted) {
          return;
        }
        for (let i = 0; i < ids.length; i += parallel) {
          await Promise.all(ids.slice(i, i + parallel).map((id) => this.attempt(id, now)));
        }
        if (ids.length < batchSize) {
          return;
        }
      }
    }, claimMs);
  }

  private async attempt(id: number, now: number): Promise<void> {
    const claimUntil = now + claimMs;
    const row = await this.repository.claim(id, now, claimUntil);
    if (!row) {
      return; // another drain has it
    }
    const adapter = this.adapters.get(row.adapter);
    let answer: string;
    try {
      if (!adapter) {
        throw new DeliveryFailure(`no adapter ${row.adapter}`, true);
      }
      answer = await adapter.send({ companyId: row.company_id, target: JSON.parse(row.target), payload: JSON.parse(row.payload) }, this.closing.signal);
    } catch (error) {
      if (this.closing.signal.aborted) {
        return; // stopped mid-send: the claim runs out and the next start sends it
      }
      const failure = error instanceof DeliveryFailure ? error : new DeliveryFailure(error instanceof Error ? error.message : String(error));
      const last = failure.permanent || row.attempts >= maxAttempts;
      const at = Date.now();
      await this.repository.settle(row.id, claimUntil, {
        state: last ? 'failed' : 'retrying',
        next_at: last ? null : now + (retryDelaysMs[row.attempts - 1] ?? retryDelaysMs[retryDelaysMs.length - 1]),
        answer: failure.answer.slice(0, answerMax),
        updated_at: at,
      });
      this.log.warn({ delivery: row.id, adapter: row.adapter, attempts: row.attempts, answer: failure.answer }, last ? 'delivery failed' : 'delivery will be retried');
      this.count(row.adapter, last ? 'failed' : 'retrying');
      return;
    }
    await this.repository.settle(row.id, claimUntil, { state: 'sent', next_at: null, answer: answer.slice(0, answerMax), sent_at: Date.now(), updated_at: Date.now() });
    this.count(row.adapter, 'sent');
  }

  private count(adapter: string, outcome: keyof DeliveryAttempts): void {
    let counts = this.attempts.get(adapter);
    if (!counts) {
      counts = { sent: 0, retrying: 0, failed: 0 };
      this.attempts.set(adapter, counts);
    }
    counts[outcome] += 1;
  }

  async deliveries(companyId: number, subject: string, locale: Locale): Promise<DeliveryView[]> {
    return (await this.repository.deliveries(companyId, subject)).map((row) => view(row, locale));
  }

  async deliveryPage(companyId: number, subject: string, locale: Locale, page: PageQuery): Promise<Page<DeliveryView>> {
    const { rows, total } = await this.repository.deliveryPage(companyId, subject, page.pageNum, page.pageSize);
    return { list: rows.map((row) => view(row, locale)), total };
  }

  /** Stops sending: sends in flight are aborted and left to the next start. */
  async close(): Promise<void> {
    this.closing.abort();
    await this.idle();
  }
}

function view(row: DeliveryRow, locale: Locale): DeliveryView {
  // A claimed row is still on its way: shown as pending (first try) or retrying.
  const state: DeliveryState = deliveryStates.includes(row.state as DeliveryState) ? (row.state as DeliveryState) : row.attempts > 1 ? 'retrying' : 'pending';
  return {
    id: row.id,
    kind: row.kind as DeliveryView['kind'],
    to: row.label,
    event: row.event,
    state,
    attempts: row.attempts,
    answer: row.answer === null ? null : isKey(row.answer) ? translate(row.answer, locale) : row.answer,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    nextAt: row.next_at,
    sentAt: row.sent_at,
  };
}
