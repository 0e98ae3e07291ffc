import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import pg from 'pg';
import type { WebSocket } from 'ws';
import { ErrorCode, errorCodeInfo, type Envelope, type ErrorCodeValue, type Locale } from '@smartdata/domain';
import type { Session, Sessions } from './auth/sessions';
import { AppError } from './errors';
import { translate } from './i18n';

/**
 * Checks that a session may listen to one channel of a prefix (`records:12` → key `12`); throws
 * an AppError (40300, 40400) to refuse.
 */
export type ChannelAuthorizer = (session: Session, key: string) => Promise<void>;

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
}

/** A client message: subscribe, unsubscribe or ping. */
interface ClientMessage {
  type?: unknown;
  channel?: unknown;
}

/** PostgreSQL NOTIFY payloads must stay under 8000 bytes; bigger pushes carry only their ids. */
const notifyPayloadMax = 7000;
const maxChannelsPerClient = 200;

/**
 * Server pushes over WebSocket at `/general/ws` (DESIGN.md §4, §5). A browser connects with its
 * token in the query (`?token=`; browsers cannot set headers on a WebSocket), then sends
 * `{type:'subscribe', channel:'records:12'}`; each channel prefix has an authorizer registered by
 * the module that owns it, run with the caller's session on every subscribe. Any module publishes
 * with `publish(channel, event, payload)`; subscribers receive envelopes
 * `{code:0, msg:'push', data:{channel, event, payload, at}}`.
 *
 * With several instances (PostgreSQL), every publish goes through NOTIFY and each instance
 * delivers what it hears from LISTEN to its own sockets (docs/architecture.md, "Realtime").
 */
export class Realtime {
  private readonly authorizers = new Map<string, ChannelAuthorizer>();
  private readonly subscribers = new Map<string, Set<Client>>();
  private readonly clients = new Set<Client>();
  private readonly origin = randomBytes(6).toString('hex');
  private listener: pg.Client | null = null;
  private notifyChannel = '';
  private notify: ((channel: string, payload: string) => Promise<void>) | null = null;

  constructor(
    private readonly sessions: Sessions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A module declares a channel prefix (`records`) and who may listen to it. */
  defineChannel(prefix: string, authorize: ChannelAuthorizer): void {
    if (this.authorizers.has(prefix)) {
      throw new Error(`realtime channel prefix ${prefix} defined twice`);
    }
    this.authorizers.set(prefix, authorize);
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
        text = JSON.stringify({ origin: this.origin, message: { ...message, payload: { truncated: true, id: idOf(payload) } } });
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
  async register(app: FastifyInstance): Promise<void> {
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    app.get(
      '/general/ws',
      { websocket: true, config: { public: true }, schema: { tags: ['realtime'], summary: 'WebSocket pushes (token in the query; subscribe to channels such as records:<itemId>)' } },
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
    const token = typeof query.token === 'string' ? query.token : typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const lang = typeof query.lang === 'string' ? query.lang : request.headers['accept-language'];
    const locale: Locale = typeof lang === 'string' && lang.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
    // Messages that arrive while the token is checked are handled after it.
    const early: string[] = [];
    const onEarly = (data: unknown) => early.push(String(data));
    socket.on('message', onEarly);
    let session: Session;
    try {
      session = await this.sessions.resolve(token || undefined);
    } catch (error) {
      const code = error instanceof AppError ? error.code : ErrorCode.tokenInvalid;
      send(socket, failure(code, locale, undefined, null));
      socket.close(4401, 'unauthorized');
      return;
    }
    const client: Client = { socket, token, locale, channels: new Set() };
    this.clients.add(client);
    socket.off('message', onEarly);
    socket.on('message', (data: unknown) => void this.handle(client, String(data)));
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
    const authorize = separator > 0 ? this.authorizers.get(channel.slice(0, separator)) : undefined;
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
    for (const client of set) {
      if (client.socket.readyState === client.socket.OPEN) {
        client.socket.send(text);
      }
    }
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
  if (socket.readyState === socket.OPEN) {
    socket.send(JSON.stringify(envelope));
  }
}

function idOf(payload: unknown): unknown {
  return payload && typeof payload === 'object' && 'id' in payload ? (payload as { id: unknown }).id : null;
}
