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
 *
 * With `maxFlushMs` a flush is also bounded by time (issue 21): from the time per item of the
 * flushes so far, a batch takes only as many whole submissions as fit in `maxFlushMs` (at least
 * a twentieth of maxBatch, and at least one submission); the rest waits for the next flush, one turn of the event loop later. For a flush that
 * runs synchronously (SQLite), this is how long it holds the event loop. A flush that waits for
 * another thread (the SQLite writer thread) says how long (`offLoopMs`): that time is not counted.
 */
export interface GroupCommitOptions<T> {
  /** Writes one batch in one transaction; resolves after commit (with the time it waited for another thread, if any). */
  flush: (batch: T[]) => Promise<void | FlushReport>;
  maxBatch: number;
  maxDelayMs: number;
  maxQueued: number;
  /** A flush's time budget: batches sized from the measured time per item (unset: everything that waits). */
  maxFlushMs?: number;
}

/** What a flush tells of itself: how long of it was spent waiting for another thread (not holding the event loop). */
export interface FlushReport {
  offLoopMs: number;
}

/** One flush as an observer hears it (metrics): its time start to commit, its size, whether it failed. */
export interface FlushObservation {
  ms: number;
  items: number;
  offLoopMs: number;
  failed: boolean;
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
  /** The longest flush (ms, start to commit). */
  longestFlushMs: number;
}

export class GroupCommit<T> {
  private items: T[] = [];
  private waiters: Waiter[] = [];
  /** Items per submission, in the order of `waiters`. */
  private sizes: number[] = [];
  /** Smoothed time per item of the flushes so far (ms), for `maxFlushMs`. */
  private msPerItem = 0;
  /** The last flush waited for another thread (its batch is capped at maxBatch). */
  private offLoop = false;
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  readonly stats: GroupCommitStats = { batches: 0, items: 0, failedBatches: 0, refused: 0, largestBatch: 0, longestFlushMs: 0 };
  /** Hears every flush once it settled (platform/metrics.ts): one call per flush, never per item. */
  onFlush: ((flush: FlushObservation) => void) | null = null;

  constructor(private readonly options: GroupCommitOptions<T>) {
    if (options.maxBatch < 1 || options.maxQueued < options.maxBatch || options.maxDelayMs < 0 || (options.maxFlushMs !== undefined && !(options.maxFlushMs > 0))) {
      throw new Error('group commit: maxBatch ≥ 1, maxQueued ≥ maxBatch, maxDelayMs ≥ 0, maxFlushMs > 0');
    }
  }

  /** Changes the time budget of a flush (undefined: everything that waits); the bench compares both. */
  setMaxFlushMs(ms: number | undefined): void {
    if (ms !== undefined && !(ms > 0)) {
      throw new Error('group commit: maxFlushMs > 0');
    }
    this.options.maxFlushMs = ms;
  }

  /** How many items wait for the next flush. */
  get queued(): number {
    return this.items.length;
  }

  /** How many items may wait before `submit` refuses (maxQueued). */
  get capacity(): number {
    return this.options.maxQueued;
  }

  /**
   * Resolves once every item given here is committed; rejects if their batch failed. `bounded`:
   * the caller bounds how many of its submissions wait (flow control upstream), so this one is
   * queued even past `maxQueued` instead of refused.
   */
  submit(items: readonly T[], { bounded = false }: { bounded?: boolean } = {}): Promise<void> {
    if (this.closed) {
      return Promise.reject(new Error('group commit is closed'));
    }
    if (items.length === 0) {
      return Promise.resolve();
    }
    if (!bounded && this.items.length + items.length > this.options.maxQueued) {
      this.stats.refused += 1;
      return Promise.reject(new GroupCommitOverloaded());
    }
    for (const item of items) {
      this.items.push(item);
    }
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.sizes.push(items.length);
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
    // everything that waits goes (maxQueued bounds it), which keeps up under load — or, with
    // maxFlushMs, as many as the time per item measured so far fits in it.
    const limit = this.limit();
    let batch: T[];
    let waiters: Waiter[];
    if (this.items.length <= limit) {
      batch = this.items;
      waiters = this.waiters;
      this.items = [];
      this.waiters = [];
      this.sizes = [];
    } else {
      let taken = 0;
      let count = 0;
      while (count < this.sizes.length && (count === 0 || taken + this.sizes[count] <= limit)) {
        taken += this.sizes[count];
        count += 1;
      }
      batch = this.items.slice(0, taken);
      waiters = this.waiters.slice(0, count);
      this.items = this.items.slice(taken);
      this.waiters = this.waiters.slice(count);
      this.sizes = this.sizes.slice(count);
    }
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

  /** Items the next batch may take. */
  private limit(): number {
    const budget = this.options.maxFlushMs;
    if (budget === undefined || this.msPerItem === 0) {
      return budget === undefined ? Infinity : this.options.maxBatch;
    }
    // Never under a twentieth of maxBatch: below that, per-transaction costs take over (a run at
    // load 9, timing by wall clock, shrank batches to 7 publishes and halved the rate).
    const fits = Math.max(Math.ceil(this.options.maxBatch / 20), Math.floor(budget / this.msPerItem));
    // A flush written on another thread costs the event loop little per item, but answering a
    // batch (acknowledgements, pushes) is one synchronous run: at most maxBatch a flush there
    // (2 054-publish batches held the loop 390 ms, bench:ingest at 5 000 devices).
    return this.offLoop ? Math.min(this.options.maxBatch, fits) : fits;
  }

  private async run(batch: T[], waiters: Waiter[]): Promise<void> {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let observed: FlushObservation;
    try {
      const report = await this.options.flush(batch);
      const ms = performance.now() - started;
      this.stats.longestFlushMs = Math.max(this.stats.longestFlushMs, ms);
      // The flush's own cost: CPU time when it is less than the wall time (other processes took
      // the core meanwhile — shrinking batches for that only adds commits), the wall time when CPU
      // time is more (the process's other threads counted), less the time it waited for another
      // thread. Small batches say little about the time per item (fixed costs dominate): weighted by size.
      const cpu = process.cpuUsage(cpuBefore);
      const offLoop = report ? report.offLoopMs : 0;
      this.offLoop = offLoop > 0;
      const measured = Math.max(0.001, Math.min(ms, (cpu.user + cpu.system) / 1000) - offLoop) / batch.length;
      const weight = Math.min(1, batch.length / this.options.maxBatch) * 0.5;
      this.msPerItem = this.msPerItem === 0 ? measured : this.msPerItem * (1 - weight) + measured * weight;
      this.stats.batches += 1;
      this.stats.items += batch.length;
      this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
      for (const waiter of waiters) {
        waiter.resolve();
      }
      observed = { ms, items: batch.length, offLoopMs: offLoop, failed: false };
    } catch (error) {
      this.stats.failedBatches += 1;
      for (const waiter of waiters) {
        waiter.reject(error);
      }
      observed = { ms: performance.now() - started, items: batch.length, offLoopMs: 0, failed: true };
    }
    this.onFlush?.(observed);
  }
}
