import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';

export interface WsEnvelope {
  code: number;
  msg: string;
  data: any;
}

/** A browser's WebSocket: every envelope it receives, and a way to wait for the next matching one. */
export class RealtimeClient {
  readonly received: WsEnvelope[] = [];
  private waiters: { match: (e: WsEnvelope) => boolean; resolve: (e: WsEnvelope) => void }[] = [];
  readonly closed: Promise<number>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const envelope = JSON.parse(String(data)) as WsEnvelope;
      this.received.push(envelope);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(envelope)) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(envelope);
        }
      }
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  next(match: (e: WsEnvelope) => boolean, timeoutMs = 5000): Promise<WsEnvelope> {
    const seen = this.received.find(match);
    if (seen) {
      this.received.splice(this.received.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(this.received)}`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          this.received.splice(this.received.indexOf(e), 1);
          resolve(e);
        },
      });
    });
  }

  /** The pushes received and not taken by `next` yet (and forgets them). */
  takePushes(): WsEnvelope[] {
    const pushes = this.received.filter((e) => e.msg === 'push');
    for (const push of pushes) {
      this.received.splice(this.received.indexOf(push), 1);
    }
    return pushes;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  async subscribe(channel: string): Promise<WsEnvelope> {
    this.send({ type: 'subscribe', channel });
    return this.next((e) => e.msg !== 'push' && e.data?.channel === channel);
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Opens `/general/ws` of a listening app and authenticates as the web does: the token in the first
 * message (`tokenIn: 'message'`), or, as older clients do, in the URL (`tokenIn: 'query'`).
 */
export async function connectRealtime(app: FastifyInstance, token: string, lang = 'en', { tokenIn = 'message' }: { tokenIn?: 'message' | 'query' } = {}): Promise<RealtimeClient> {
  const { port } = app.server.address() as AddressInfo;
  const query = tokenIn === 'query' ? `token=${encodeURIComponent(token)}&lang=${lang}` : `lang=${lang}`;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/general/ws?${query}`);
  const client = new RealtimeClient(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (tokenIn === 'message') {
    client.send({ type: 'auth', token });
  }
  return client;
}
