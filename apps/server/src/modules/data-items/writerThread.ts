import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RecordItem } from '@smartdata/domain';
import { deviceRecordItem, type BatchRecord, type BatchStore, type PartOf, type ThreadAnswer, type ThreadData, type ThreadRequest, type WireRecord } from './batchStore';
import type { RollerOptions } from './seriesRoller';

type Request = Exclude<ThreadRequest, { op: 'forget' } | { op: 'close' }>;
type Pending = { resolve: (answer: ThreadAnswer) => void; reject: (error: Error) => void };
/** A request without its id (added when it is posted). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * The store of device batches on the writer thread (recordWriter.thread.ts), as the event loop
 * sees it: batches and roll slices posted as numbered requests, answered in order once the thread
 * committed them. The thread runs TypeScript through tsx's loader, registered in the thread itself
 * (a worker does not inherit it under every runner), with the server's tsconfig (its path
 * aliases). When the thread cannot start or dies, `alive` turns false and every request waiting
 * is refused: the writer goes on without it, on its own connection.
 */
export class WriterThread implements BatchStore {
  alive = true;
  /** Why the thread stopped, when it did on its own. */
  failure: Error | null = null;
  readonly ready: Promise<boolean>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly exited: Promise<void>;

  constructor(file: string, roller: RollerOptions) {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const entry = pathToFileURL(path.join(here, 'recordWriter.thread.ts')).href;
    // tsx's ES module API (require.resolve would answer its CommonJS build).
    const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
    const tsconfig = path.resolve(here, '../../../tsconfig.json');
    const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(entry)}); });`;
    const data: ThreadData = { file, roller };
    this.worker = new Worker(source, { eval: true, workerData: data });
    // A server is kept alive by its sockets; a script that forgets to close the app must still end.
    this.worker.unref();
    let started: (ok: boolean) => void = () => undefined;
    this.ready = new Promise((resolve) => {
      started = resolve;
    });
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', () => {
        this.gone(new Error('record writer thread: stopped'));
        started(false);
        resolve();
      });
    });
    this.worker.on('error', (error) => {
      this.gone(error);
      started(false);
    });
    this.worker.on('message', (message: ThreadAnswer | { ready: true }) => {
      if ('ready' in message) {
        started(true);
        return;
      }
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if ('error' in message) {
        waiting?.reject(new Error(message.error));
      } else {
        waiting?.resolve(message);
      }
    });
  }

  /**
   * A batch: the part is asked for with every record of the batch (the usual case) and committed
   * with the last slice; when some record was a redelivery the thread leaves it out and the part
   * of the records stored follows in a transaction of its own.
   */
  async write(records: readonly BatchRecord[], partOf: PartOf, stored: BatchRecord[], timing: { threadMs: number }): Promise<RecordItem[]> {
    const wire: WireRecord[] = new Array<WireRecord>(records.length);
    const charted = new Map<number, string[]>();
    for (let i = 0; i < records.length; i += 1) {
      const r = records[i];
      wire[i] = { c: r.companyId, i: r.itemId, t: r.ts, v: r.values, j: r.valuesJson, k: r.keys };
      if (!charted.has(r.itemId)) {
        charted.set(r.itemId, [...r.charted]);
      }
    }
    const part = partOf?.(records)?.sqlite() ?? null;
    const posted = performance.now();
    const answer = await this.request<Extract<ThreadAnswer, { partRun: boolean }>>({ op: 'batch', records: wire, charted: [...charted], part });
    timing.threadMs += performance.now() - posted;
    const created: RecordItem[] = new Array<RecordItem>(answer.ids.length);
    for (let k = 0; k < answer.ids.length; k += 1) {
      const record = records[answer.storedAt ? answer.storedAt[k] : k];
      stored.push(record);
      created[k] = deviceRecordItem(record, answer.ids[k]);
    }
    if (partOf && !answer.partRun) {
      const list = partOf(stored)?.sqlite() ?? [];
      if (list.length > 0) {
        const again = performance.now();
        await this.request({ op: 'statements', list });
        timing.threadMs += performance.now() - again;
      }
    }
    return created;
  }

  /** A round of the roller, a slice at a time, so the batches posted meanwhile are written between slices. */
  async roll(now: number, all: boolean): Promise<number> {
    let rolled = 0;
    for (let first = true; ; first = false) {
      const answer = await this.request<Extract<ThreadAnswer, { left: number }>>({ op: 'roll', now, all, first });
      rolled += answer.rolled;
      if (answer.left === 0 || this.closing) {
        return rolled; // after a close, the rest is rolled after the next start (points hold every value)
      }
    }
  }

  /** Posts a request; answers once the thread committed it. */
  private request<A extends ThreadAnswer>(request: Unnumbered<Request>): Promise<A> {
    if (!this.alive) {
      return Promise.reject(new Error('record writer thread: stopped'));
    }
    const id = this.nextId++;
    const answer = new Promise<A>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (answer: ThreadAnswer) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return answer;
  }

  forgetItem(itemId: number): void {
    if (this.alive) {
      this.worker.postMessage({ op: 'forget', itemId } satisfies ThreadRequest);
    }
  }

  /** Waits for what was posted, then closes the thread's connection and ends it. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.inFlight]);
    if (this.alive) {
      this.worker.postMessage({ op: 'close' } satisfies ThreadRequest);
    }
    await this.exited;
  }

  private gone(error: Error): void {
    if (this.alive && !this.closing) {
      this.failure = error;
    }
    this.alive = false;
    for (const waiting of this.pending.values()) {
      waiting.reject(error);
    }
    this.pending.clear();
  }
}
