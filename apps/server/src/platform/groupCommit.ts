/**
 * Group commit: many small writes (device values arriving one publish at a time) are gathered into
 * one transaction, and each writer is answered only once the transaction that holds its values
 * has committed. Telemetry ingest acknowledges a QoS 1 publish (PUBACK) from that answer, so
 * nothing acknowledged is lost if the process dies.
 *
 * One flush runs at a time. A flush starts when `maxBatch` items wait (on the next check phase of
 * the event loop, never inside the submitting callback), or `maxDelayMs` after the first item of a
 * batch arrived, whichever comes first; items that arrive during a flush form the next batch,
 * which starts one turn of the event loop after that flush ends. When more than `maxQueued` items wait, `submit` refuses at once (the caller does not
 * acknowledge, so the device sends again later) instead of letting memory grow.
 */
export interface GroupCommitOptions<T> {
  /** Writes one batch in one transaction; resolves after commit. */
  flush: (batch: T[]) => Promise<void>;
  maxBatch: number;
  maxDelayMs: number;
  maxQueued: number;
}

export class GroupCommitOverloaded extends Error {
  constructor() {
    super('group commit queue is full');
  }
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitStats {
  batches: number;
  items: number;
  failedBatches: number;
  refused: number;
  largestBatch: number;
}

export class GroupCommit<T> {
  private items: T[] = [];
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  readonly stats: GroupCommitStats = { batches: 0, items: 0, failedBatches: 0, refused: 0, largestBatch: 0 };

  constructor(private readonly options: GroupCommitOptions<T>) {
    if (options.maxBatch < 1 || options.maxQueued < options.maxBatch || options.maxDelayMs < 0) {
      throw new Error('group commit: maxBatch ≥ 1, maxQueued ≥ maxBatch, maxDelayMs ≥ 0');
    }
  }

  /** How many items wait for the next flush. */
  get queued(): number {
    return this.items.length;
  }

  /** Resolves once every item given here is committed; rejects if their batch failed. */
  submit(items: readonly T[]): Promise<void> {
    if (this.closed) {
      return Promise.reject(new Error('group commit is closed'));
    }
    if (items.length === 0) {
      return Promise.resolve();
    }
    if (this.items.length + items.length > this.options.maxQueued) {
      this.stats.refused += 1;
      return Promise.reject(new GroupCommitOverloaded());
    }
    for (const item of items) {
      this.items.push(item);
    }
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.schedule();
    return done;
  }

  /** Writes everything that waits, then refuses new items. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing || this.items.length > 0) {
      if (this.flushing) {
        await this.flushing;
      } else {
        this.startFlush();
      }
    }
  }

  private schedule(): void {
    if (this.flushing || this.immediate) {
      return; // the running flush (or the one about to start) takes these too
    }
    if (this.items.length >= this.options.maxBatch || this.options.maxDelayMs === 0) {
      // Never inside the submitting callback: a socket read that flushed, committed and acknowledged
      // at once let devices answer within the same poll phase, which then ran for tens of seconds
      // (libuv polls again while events keep coming) and starved every timer. Started from the
      // check phase, a flush ends the poll phase's chain: devices wait for their acknowledgement.
      this.startSoon();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.flushing) {
          this.startFlush();
        }
      }, this.options.maxDelayMs);
    }
  }

  private startFlush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.immediate) {
      clearImmediate(this.immediate);
      this.immediate = null;
    }
    if (this.items.length === 0) {
      return;
    }
    // A batch takes whole submissions only, so a writer is answered by exactly one transaction;
    // everything that waits goes (maxQueued bounds it), which keeps up under load.
    const batch = this.items;
    const waiters = this.waiters;
    this.items = [];
    this.waiters = [];
    this.flushing = this.run(batch, waiters).finally(() => {
      this.flushing = null;
      // What arrived during the flush has waited long enough: write it next — after one turn of
      // the event loop, so timers (keep-alives, pushes) run between flushes even when every flush
      // finds a full queue (a chain of flushes in promise callbacks held timers for seconds).
      if (this.items.length > 0) {
        this.startSoon();
      }
    });
  }

  /** Starts a flush on the next check phase of the event loop (once, however often asked). */
  private startSoon(): void {
    if (this.immediate) {
      return;
    }
    this.immediate = setImmediate(() => {
      this.immediate = null;
      if (!this.flushing) {
        this.startFlush();
      }
    });
  }

  private async run(batch: T[], waiters: Waiter[]): Promise<void> {
    try {
      await this.options.flush(batch);
      this.stats.batches += 1;
      this.stats.items += batch.length;
      this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
      for (const waiter of waiters) {
        waiter.resolve();
      }
    } catch (error) {
      this.stats.failedBatches += 1;
      for (const waiter of waiters) {
        waiter.reject(error);
      }
    }
  }
}
