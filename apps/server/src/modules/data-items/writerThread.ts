import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RollerOptions } from './seriesRoller';
import type { ThreadAnswer, ThreadData, ThreadRequest } from './recordWriter.thread';

type Request = Exclude<ThreadRequest, { op: 'forget' } | { op: 'close' }>;
type Pending = { resolve: (answer: ThreadAnswer) => void; reject: (error: Error) => void };
/** A request without its id (added when it is posted). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * The event loop's side of the writer thread (recordWriter.thread.ts): numbered requests, answered
 * in order. The thread runs TypeScript through tsx's loader, registered in the thread itself (a
 * worker does not inherit it under every runner), with the server's tsconfig (its path aliases).
 * When the thread cannot start or dies, `alive` turns false and every request waiting is refused:
 * the writer goes on without it, on its own connection.
 */
export class WriterThread {
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

  /** Posts a request; answers once the thread committed it. */
  request<A extends ThreadAnswer>(request: Unnumbered<Request>): Promise<A> {
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

  /** Posts what needs no answer. */
  tell(request: Extract<ThreadRequest, { op: 'forget' }>): void {
    if (this.alive) {
      this.worker.postMessage(request);
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
