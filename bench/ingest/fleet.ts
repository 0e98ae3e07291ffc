/**
 * The fleet as the parent sees it: child processes (bench/ingest.ts --fleet, fleetProcess.ts) that
 * each hold part of the devices' MQTT connections, asked by message and answered one message each.
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface Device {
  sn: string;
  secret: string;
}
export type ToFleet =
  | { type: 'connect'; port: number; devices: Device[]; account?: { username: string; password: string }; tls?: { ca: string } }
  | { type: 'run'; mode: 'max' | 'rate' | 'once'; seconds: number; values: number; publishesPerSecond?: number }
  | { type: 'watch'; httpPort: number; token: string; itemIds: number[] }
  | { type: 'report' }
  | { type: 'disconnect' }
  | { type: 'close' };

export class Fleet {
  private readonly children: ChildProcess[] = [];
  private readonly inbox: Array<Array<Record<string, unknown>>> = [];
  private readonly waiters: Array<Array<(m: Record<string, unknown>) => void>> = [];

  /** Starts `count` children: `entry` (the bench's own file) run with --fleet. */
  async start(count: number, entry: string): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const child = fork(entry, ['--fleet'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const index = i;
      this.inbox.push([]);
      this.waiters.push([]);
      child.on('message', (m: Record<string, unknown>) => {
        if (m.type === 'error') {
          console.error(`fleet ${index}: ${String(m.message)}`);
        }
        const waiter = this.waiters[index].shift();
        if (waiter) {
          waiter(m);
        } else {
          this.inbox[index].push(m);
        }
      });
      this.children.push(child);
    }
    await Promise.all(this.children.map((_, i) => this.receive(i, 60_000)));
  }

  receive(index: number, timeoutMs: number): Promise<Record<string, unknown>> {
    const queued = this.inbox[index].shift();
    if (queued) {
      return Promise.resolve(queued);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fleet ${index}: no answer in ${timeoutMs} ms`)), timeoutMs);
      this.waiters[index].push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  }

  /** Sends one message to every child (or a message per child) and waits for each answer. */
  async ask(messages: ToFleet | ToFleet[], timeoutMs: number, only?: number): Promise<Array<Record<string, unknown>>> {
    const targets = (only === undefined ? this.children.map((_, i) => i) : [only]).filter((i) => this.children[i].connected);
    return Promise.all(
      targets.map((i) => {
        this.children[i].send(Array.isArray(messages) ? messages[i] : messages);
        return this.receive(i, timeoutMs);
      }),
    );
  }

  private closed = false;

  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    await this.ask({ type: 'close' }, 60_000).catch(() => undefined);
    for (const child of this.children) {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
      }
    }
  }
}
