import type { RecordItem } from '@smartdata/domain';

/** Records that committed, in commit order, with their company (one call per commit). */
export interface CommittedRecords {
  companyId: number;
  records: readonly RecordItem[];
  /**
   * True: existing records whose values were replaced (a task's window result recomputed), with
   * their new values and their own time. Only listeners that asked for replacements get these.
   */
  replaced?: boolean;
}

export type RecordsCommittedListener = (batch: CommittedRecords) => void;

/**
 * The port by which other modules (alarms) learn of new records: every writer of the data-items
 * module — people, forms, imports, forwards, tasks (RecordsService) and devices (DeviceRecords) —
 * calls `emit` after its transaction commits, never inside it. Listeners are synchronous and must
 * only queue work (they run on the ingest path); a throwing listener is logged, not propagated.
 */
export class RecordsCommitted {
  private readonly listeners: RecordsCommittedListener[] = [];
  /** Those that also want replaced records (alarms: a recomputed total updates its open alarm). */
  private readonly replacementListeners: RecordsCommittedListener[] = [];

  constructor(private readonly log: { error: (obj: unknown, msg?: string) => void }) {}

  get hasListeners(): boolean {
    return this.listeners.length > 0;
  }

  /**
   * New records only, unless `replacements`: a replaced record is no new event (intelligent rules
   * and recomputes must not run again for it), so a listener asks for those explicitly.
   */
  subscribe(listener: RecordsCommittedListener, options: { replacements?: boolean } = {}): void {
    this.listeners.push(listener);
    if (options.replacements) {
      this.replacementListeners.push(listener);
    }
  }

  emit(companyId: number, records: readonly RecordItem[]): void {
    this.call(this.listeners, { companyId, records });
  }

  /** Records whose values were replaced (after the commit), to the listeners that asked for them. */
  emitReplaced(companyId: number, records: readonly RecordItem[]): void {
    this.call(this.replacementListeners, { companyId, records, replaced: true });
  }

  private call(listeners: readonly RecordsCommittedListener[], batch: CommittedRecords): void {
    if (batch.records.length === 0) {
      return;
    }
    for (const listener of listeners) {
      try {
        listener(batch);
      } catch (err) {
        this.log.error({ err }, 'recordsCommitted listener failed');
      }
    }
  }
}

/**
 * What a listener does with committed batches: queues them and works through them one at a time,
 * in commit order, off the ingest path; a failing batch is logged and the next goes on. `idle`
 * resolves when the queue is empty (tests, shutdown).
 */
export class RecordsQueue {
  private readonly queue: CommittedRecords[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly work: (batch: CommittedRecords) => Promise<void>,
    private readonly log: { error: (obj: unknown, msg?: string) => void },
    private readonly failure: string,
  ) {}

  push(batch: CommittedRecords): void {
    this.queue.push(batch);
    this.draining ??= this.drain();
  }

  async idle(): Promise<void> {
    while (this.draining) {
      await this.draining;
    }
  }

  get busy(): boolean {
    return this.draining !== null;
  }

  private async drain(): Promise<void> {
    try {
      for (let batch = this.queue.shift(); batch; batch = this.queue.shift()) {
        try {
          await this.work(batch);
        } catch (err) {
          this.log.error({ err }, this.failure);
        }
      }
    } finally {
      this.draining = null;
    }
  }
}

/**
 * Per company, the items a listener looks at (those with an enabled rule, analysis…), loaded at
 * most every `ttlMs` so that a record of another item costs a set lookup; `forget` after a change.
 */
export class WatchedItems {
  private readonly known = new Map<number, { at: number; items: Set<number> }>();

  constructor(
    private readonly load: (companyId: number) => Promise<Set<number>>,
    private readonly ttlMs = 5000,
  ) {}

  async of(companyId: number): Promise<Set<number>> {
    const known = this.known.get(companyId);
    if (known && Date.now() - known.at < this.ttlMs) {
      return known.items;
    }
    const items = await this.load(companyId);
    this.known.set(companyId, { at: Date.now(), items });
    return items;
  }

  forget(companyId: number): void {
    this.known.delete(companyId);
  }
}
