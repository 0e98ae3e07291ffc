import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { Client as PgClient } from 'pg';
import type { WebSocket } from 'ws';
import { ErrorCode, errorCodeInfo, type Envelope, type ErrorCodeValue, type Locale } from '@smartdata/domain';
import type { Session, Sessions } from './auth/sessions';
import { loadPg } from './db/database';
import { AppError } from './errors';
import { translate } from './i18n';

/**
 * Checks that a session may listen to one channel of a prefix (`records:12` → key `12`); throws
 * an AppError (40300, 40400) to refuse.
 */
export type ChannelAuthorizer = (session: Session, key: string) => Promise<void>;

/**
 * Decides whether one push of a channel reaches one subscriber, with the subscriber's current
 * session and the channel key. Run for every push on the instance that delivers it (pushes heard
 * through NOTIFY too), so it reads the message, never a closure of the publisher. It is on the hot
 * path: answer synchronously when the answer is cached, a promise only to fill the cache. A throw
 * or a rejection counts as false.
 */
export type ChannelFilter = (session: Session, key: string, message: RealtimeMessage) => boolean | Promise<boolean>;

export interface ChannelOptions {
  /** Per-subscriber filter of pushes (a permission lowered after subscribing stops them at once). */
  visible?: ChannelFilter;
}

interface ChannelDefinition {
  authorize: ChannelAuthorizer;
  visible?: ChannelFilter;
}

/** What travels between instances, and to each subscriber as `data` of a push. */
export interface RealtimeMessage {
  channel: string;
  event: string;
  payload: unknown;
  at: number;
}

interface Client {
  socket: WebSocket;
  token: string;
  locale: Locale;
  channels: Set<string>;
  /** Filtered pushes waiting for an asynchronous answer; later ones queue behind them (order kept). */
  pending: number;
  queue: Promise<void>;
}

/** A client message: subscribe, unsubscribe or ping. */
interface ClientMessage {
  type?: unknown;
  channel?: unknown;
}

/** PostgreSQL NOTIFY payloads must stay under 8000 bytes; bigger pushes carry only their ids (`id`, `nodeId`). */
const notifyPayloadMax = 7000;
const maxChannelsPerClient = 200;
/** Filtered pushes one socket may have waiting (a database that stopped answering): beyond, it is closed and reconnects. */
const maxPendingPerClient = 5000;

/** The largest message a browser may send on `/general/ws` (subscriptions are short). */
export const realtimeMaxMessageBytes = 64 * 1024;

/** Closes the socket (1009, message too big) for a message over the limit; answers whether it did. */
function tooBig(socket: WebSocket, data: unknown): boolean {
  const size = Buffer.isBuffer(data) ? data.length : Array.isArray(data) ? (data as Buffer[]).reduce((n, part) => n + part.length, 0) : data instanceof ArrayBuffer ? data.byteLength : String(data).length;
  if (size <= realtimeMaxMessageBytes) {
    return false;
  }
  socket.close(1009, 'message too big');
  return true;
}

/**
 * Server pushes over WebSocket at `/general/ws` (DESIGN.md §4, §5). A browser connects and sends
 * its token as the first message, `{type:'auth', token}` (browsers cannot set headers on a
 * WebSocket, and a token in the URL ends up in access logs); a client may instead send
 * `Authorization: Bearer` or, as older clients do, `?token=` (redacted from the request log:
 * platform/requestLog.ts). Then it sends `{type:'subscribe', channel:'records:12'}`; each channel prefix has an authorizer registered by
 * the module that owns it, run with the caller's session on every subscribe, and optionally a
 * filter run for every push and every subscriber (`visible`: per-node permissions, checked again
 * as they change). Any module publishes with `publish(channel, event, payload)`; subscribers
 * receive envelopes `{code:0, msg:'push', data:{channel, event, payload, at}}`.
 *
 * With several instances (PostgreSQL), every publish goes through NOTIFY and each instance
 * delivers what it hears from LISTEN to its own sockets (docs/architecture.md, "Realtime").
 */
export class Realtime {
  private readonly definitions = new Map<string, ChannelDefinition>();
  private readonly subscribers = new Map<string, Set<Client>>();
  private readonly clients = new Set<Client>();
  private readonly origin = randomBytes(6).toString('hex');
  private listener: PgClient | null = null;
  private notifyChannel = '';
  private notify: ((channel: string, payload: string) => Promise<void>) | null = null;

  constructor(
    private readonly sessions: Sessions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * A module declares a channel prefix (`records`), who may listen to it (`authorize`, on every
   * subscribe) and, when a channel carries things of different permissions or a permission may be
   * lowered while a page listens, which push reaches which subscriber (`options.visible`).
   */
  defineChannel(prefix: string, authorize: ChannelAuthorizer, options: ChannelOptions = {}): void {
    if (this.definitions.has(prefix)) {
      throw new Error(`realtime channel prefix ${prefix} defined twice`);
    }
    this.definitions.set(prefix, { authorize, visible: options.visible });
  }

  /**
   * Pushes an event to every subscriber of `channel`, on this instance at once and on the others
   * through PostgreSQL NOTIFY when that is on. Never throws: a push is best effort.
   */
  publish(channel: string, event: string, payload: unknown): void {
    const message: RealtimeMessage = { channel, event, payload, at: Date.now() };
    this.deliver(message);
    if (this.notify) {
      let text = JSON.stringify({ origin: this.origin, message });
      if (Buffer.byteLength(text) > notifyPayloadMax) {
        // Too big for NOTIFY: other instances tell their clients what changed, they re-read it.
        text = JSON.stringify({ origin: this.origin, message: { ...message, payload: { truncated: true, ...idsOf(payload) } } });
      }
      this.notify(this.notifyChannel, text).catch((error: unknown) => this.log.warn({ err: error }, 'realtime NOTIFY failed'));
    }
  }

  /** How many sockets of this instance listen to a channel (tests, status). */
  subscriberCount(channel: string): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  /**
   * Fans out through PostgreSQL: LISTEN on a channel of this database schema, NOTIFY on publish.
   * `notify` sends through the application's pool.
   */
  async listenPostgres(databaseUrl: string, schema: string | undefined, notify: (channel: string, payload: string) => Promise<void>): Promise<void> {
    this.notifyChannel = `smartdata_realtime${schema ? `_${schema}` : ''}`;
    const pg = await loadPg();
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', (error) => this.log.error({ err: error }, 'realtime LISTEN connection failed'));
    client.on('notification', (notification) => {
      if (notification.channel !== this.notifyChannel || !notification.payload) {
        return;
      }
      try {
        const { origin, message } = JSON.parse(notification.payload) as { origin: string; message: RealtimeMessage };
        if (origin !== this.origin) {
          this.deliver(message);
        }
      } catch (error) {
        this.log.warn({ err: error }, 'realtime notification unreadable');
      }
    });
    await client.connect();
    await client.query(`LISTEN ${this.notifyChannel}`);
    this.listener = client;
    this.notify = notify;
  }

  /** Registers the WebSocket plugin and `GET /general/ws`. */
  async register(app: FastifyInstance, options: { maxPayload?: number } = {}): Promise<void> {
    // The plugin's one WebSocket server also carries MQTT over WebSocket (`/mqtt`, packets up to
    // MQTT_MAX_PACKET_BYTES): its frame limit is the larger one, pushes keep theirs (realtimeMaxMessageBytes).
    await app.register(websocket, { options: { maxPayload: Math.max(realtimeMaxMessageBytes, options.maxPayload ?? 0) } });
    app.get(
      '/general/ws',
      { websocket: true, config: { public: true }, schema: { tags: ['realtime'], summary: 'WebSocket pushes (first message {type:"auth",token}; subscribe to channels such as records:<itemId>)' } },
      (socket, request) => {
        void this.accept(socket, request);
      },
    );
  }

  async close(): Promise<void> {
    for (const client of this.clients) {
      client.socket.close(1001, 'server shutting down');
    }
    this.clients.clear();
    this.subscribers.clear();
    this.notify = null;
    if (this.listener) {
      const listener = this.listener;
      this.listener = null;
      await listener.end().catch(() => undefined);
    }
  }

  private async accept(socket: WebSocket, request: FastifyRequest): Promise<void> {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const header = request.headers.authorization;
    const lang = typeof query.lang === 'string' ? query.lang : request.headers['accept-language'];
    const locale: Locale = typeof lang === 'string' && lang.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
    // Messages that arrive while the token is checked are handled after it.
    const early: string[] = [];
    const onEarly = (data: unknown) => {
      if (!tooBig(socket, data)) {
        early.push(String(data));
      }
    };
    socket.on('message', onEarly);
    let token = typeof query.token === 'string' ? query.token : typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) {
      token = await firstMessageToken(socket, early);
    }
    let session: Session;
    try {
      session = await this.sessions.resolve(token || undefined);
    } catch (error) {
      const code = error instanceof AppError ? error.code : ErrorCode.tokenInvalid;
      send(socket, failure(code, locale, undefined, null));
      socket.close(4401, 'unauthorized');
      return;
    }
    const client: Client = { socket, token, locale, channels: new Set(), pending: 0, queue: Promise.resolve() };
    this.clients.add(client);
    socket.off('message', onEarly);
    socket.on('message', (data: unknown) => {
      if (!tooBig(socket, data)) {
        void this.handle(client, String(data));
      }
    });
    socket.on('close', () => this.drop(client));
    socket.on('error', () => this.drop(client));
    send(socket, { code: ErrorCode.ok, msg: 'connected', data: { userId: session.userId, companyId: session.companyId } });
    for (const text of early) {
      await this.handle(client, text);
    }
  }

  private async handle(client: Client, text: string): Promise<void> {
    let message: ClientMessage;
    try {
      message = JSON.parse(text) as ClientMessage;
    } catch {
      send(client.socket, failure(ErrorCode.validationFailed, client.locale, 'validation.invalid', null));
      return;
    }
    const channel = typeof message.channel === 'string' ? message.channel : '';
    switch (message.type) {
      case 'ping':
        send(client.socket, { code: ErrorCode.ok, msg: 'pong', data: null });
        return;
      case 'auth':
        // The socket is authenticated already (by this message's first copy, or its request).
        return;
      case 'unsubscribe':
        client.channels.delete(channel);
        this.subscribers.get(channel)?.delete(client);
        send(client.socket, { code: ErrorCode.ok, msg: 'unsubscribed', data: { channel } });
        return;
      case 'subscribe':
        await this.subscribe(client, channel);
        return;
      default:
        send(client.socket, failure(ErrorCode.validationFailed, client.locale, 'validation.invalid', { channel }));
    }
  }

  private async subscribe(client: Client, channel: string): Promise<void> {
    const separator = channel.indexOf(':');
    const authorize = separator > 0 ? this.definitions.get(channel.slice(0, separator))?.authorize : undefined;
    if (!authorize || channel.length > 200) {
      send(client.socket, failure(ErrorCode.notFound, client.locale, undefined, { channel }));
      return;
    }
    if (client.channels.size >= maxChannelsPerClient && !client.channels.has(channel)) {
      send(client.socket, failure(ErrorCode.tooLarge, client.locale, undefined, { channel }));
      return;
    }
    try {
      // The session is resolved again: a revoked token or a changed role counts from here on.
      const session = await this.sessions.resolve(client.token);
      await authorize(session, channel.slice(separator + 1));
    } catch (error) {
      const code = error instanceof AppError ? error.code : ErrorCode.internal;
      if (!(error instanceof AppError)) {
        this.log.error({ err: error, channel }, 'realtime subscribe failed');
      }
      send(client.socket, failure(code, client.locale, error instanceof AppError ? error.reason : undefined, { channel }));
      if (code === ErrorCode.tokenInvalid || code === ErrorCode.tokenExpired) {
        client.socket.close(4401, 'unauthorized');
      }
      return;
    }
    client.channels.add(channel);
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(client);
    send(client.socket, { code: ErrorCode.ok, msg: 'subscribed', data: { channel } });
  }

  private deliver(message: RealtimeMessage): void {
    const set = this.subscribers.get(message.channel);
    if (!set || set.size === 0) {
      return;
    }
    const text = JSON.stringify({ code: ErrorCode.ok, msg: 'push', data: message } satisfies Envelope<RealtimeMessage>);
    const separator = message.channel.indexOf(':');
    const visible = this.definitions.get(message.channel.slice(0, separator))?.visible;
    if (!visible) {
      for (const client of set) {
        sendText(client.socket, text);
      }
      return;
    }
    const key = message.channel.slice(separator + 1);
    for (const client of set) {
      this.deliverFiltered(client, visible, key, message, text);
    }
  }

  /**
   * One filtered push to one subscriber. The fast path (session and permissions cached, nothing
   * queued) decides and sends at once; otherwise the push waits in the client's queue, so a
   * subscriber never sees pushes out of order while a cache is being filled.
   */
  private deliverFiltered(client: Client, visible: ChannelFilter, key: string, message: RealtimeMessage, text: string): void {
    if (client.pending === 0) {
      const session = this.sessions.peek(client.token);
      if (session) {
        let verdict: boolean | Promise<boolean>;
        try {
          verdict = visible(session, key, message);
        } catch (error) {
          this.log.error({ err: error, channel: message.channel }, 'realtime filter failed');
          return;
        }
        if (typeof verdict === 'boolean') {
          if (verdict) {
            sendText(client.socket, text);
          }
          return;
        }
        const answer = verdict;
        this.enqueue(client, message.channel, async () => {
          if (await answer) {
            sendText(client.socket, text);
          }
        });
        return;
      }
    }
    this.enqueue(client, message.channel, async () => {
      if (client.socket.readyState !== client.socket.OPEN) {
        return;
      }
      let session: Session;
      try {
        // A push to a revoked or expired token ends the connection, as a subscribe would.
        session = await this.sessions.resolve(client.token);
      } catch (error) {
        if (error instanceof AppError && (error.code === ErrorCode.tokenInvalid || error.code === ErrorCode.tokenExpired)) {
          send(client.socket, failure(error.code, client.locale, undefined, null));
          client.socket.close(4401, 'unauthorized');
          return;
        }
        throw error;
      }
      if (await visible(session, key, message)) {
        sendText(client.socket, text);
      }
    });
  }

  private enqueue(client: Client, channel: string, task: () => Promise<void>): void {
    if (client.pending >= maxPendingPerClient) {
      this.log.warn({ channel }, 'realtime pushes piled up behind their filter; socket closed');
      client.socket.close(1013, 'try again later');
      this.drop(client);
      return;
    }
    client.pending += 1;
    client.queue = client.queue
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error, channel }, 'realtime filter failed'))
      .finally(() => {
        client.pending -= 1;
      });
  }

  private drop(client: Client): void {
    this.clients.delete(client);
    for (const channel of client.channels) {
      const set = this.subscribers.get(channel);
      set?.delete(client);
      if (set && set.size === 0) {
        this.subscribers.delete(channel);
      }
    }
    client.channels.clear();
  }
}

function failure(code: ErrorCodeValue, locale: Locale, reason: string | undefined, data: unknown): Envelope {
  const text = reason ? translate(reason, locale) : errorCodeInfo[code][locale];
  return { code, msg: text, data };
}

function send(socket: WebSocket, envelope: Envelope): void {
  sendText(socket, JSON.stringify(envelope));
}

function sendText(socket: WebSocket, text: string): void {
  if (socket.readyState === socket.OPEN) {
    socket.send(text);
  }
}

/** What a truncated push keeps: its id, and the cabin node a channel filter decides on. */
function idsOf(payload: unknown): { id: unknown; nodeId?: unknown } {
  const object = payload && typeof payload === 'object' ? (payload as { id?: unknown; nodeId?: unknown }) : {};
  return { id: object.id ?? null, ...(object.nodeId !== undefined ? { nodeId: object.nodeId } : {}) };
}

/** How long a socket without a token in its request may take to send `{type:'auth', token}`. */
const authMessageWaitMs = 10_000;

/**
 * The token of a socket that brought none in its request: its first message, `{type:'auth', token}`
 * (taken off the early messages), or '' when that message is something else, or none comes in time.
 */
function firstMessageToken(socket: WebSocket, early: string[]): Promise<string> {
  const take = (): string => {
    const text = early.shift() ?? '';
    try {
      const message = JSON.parse(text) as { type?: unknown; token?: unknown };
      return message.type === 'auth' && typeof message.token === 'string' ? message.token : '';
    } catch {
      return '';
    }
  };
  if (early.length > 0) {
    return Promise.resolve(take());
  }
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket.off('message', onFirst);
      socket.off('close', onClose);
    };
    // Registered after the early-message listener: the message is in `early` when this runs.
    const onFirst = () => {
      done();
      resolve(take());
    };
    const onClose = () => {
      done();
      resolve('');
    };
    const timer = setTimeout(onClose, authMessageWaitMs);
    socket.on('message', onFirst);
    socket.on('close', onClose);
  });
}
