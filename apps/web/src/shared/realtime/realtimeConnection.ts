import { API_BASE } from '@/shared/api/client';
import { currentLocale } from '@/shared/i18n/locale';

/** A push of a realtime channel (apps/server/src/platform/realtime.ts). */
export interface ChannelPush {
  event: string;
  payload: unknown;
  at: number;
}

/** connecting (or reconnecting), live (subscribed), offline (refused: no permission, gone, token). */
export type ChannelState = 'connecting' | 'live' | 'offline';

/** One user of a channel (a hook of a mounted component). */
export interface ChannelListener {
  onPush: (push: ChannelPush) => void;
  /** Every change of the channel's state, and its current state when the listener joins. */
  onState?: (state: ChannelState) => void;
  /** Subscribed again after the connection was lost: pushes may have been missed meanwhile. */
  onReconnect?: () => void;
}

/** The browser's WebSocket, or a stand-in (tests). */
export type SocketFactory = (url: string) => WebSocket;

const pingEveryMs = 25_000;
const retryDelaysMs = [1_000, 2_000, 5_000, 10_000, 30_000];
/**
 * How long the socket stays open once no channel is listened to: a tab switch or a page change
 * unmounts one page's listeners just before the next page's mount, and should not reconnect.
 */
export const idleCloseMs = 3_000;
/** Close code of the server for a refused token (no retry). */
const unauthorizedClose = 4401;
/** WebSocket.OPEN (a stand-in socket in tests has no class constants). */
const socketOpen = 1;

/**
 * `ws(s)://<host>/general/ws?lang=`. The token is not in the URL (URLs end up in access logs;
 * browsers cannot set headers on a WebSocket): it is the socket's first message, `{type:'auth'}`.
 */
export function realtimeUrl(locale: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${API_BASE}/ws?lang=${encodeURIComponent(locale)}`;
}

interface ChannelEntry {
  listeners: Set<ChannelListener>;
  state: ChannelState;
  /** Was subscribed once on an earlier socket: the next subscription is a reconnect. */
  subscribedBefore: boolean;
}

interface ServerMessage {
  code?: number;
  msg?: string;
  data?: { channel?: string; event?: string; payload?: unknown; at?: number } | null;
}

/**
 * The one WebSocket of a signed-in browser tab (`/general/ws`), shared by every component that
 * listens to a channel: a channel is subscribed on the server while at least one listener uses
 * it and unsubscribed when its last listener leaves, so a board of twenty live charts holds one
 * socket and one subscription per data item. Reconnects with a growing delay and subscribes
 * every channel again (its listeners' `onReconnect` runs); a refused channel goes offline alone,
 * a refused token (close 4401) takes every channel offline.
 */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private readonly channels = new Map<string, ChannelEntry>();
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private tokenRefused = false;
  /** Replaced by a connection for another token: closes as soon as nothing listens. */
  private retired = false;

  constructor(
    readonly token: string,
    private readonly createSocket: SocketFactory = (url) => new WebSocket(url),
  ) {}

  /** Listens to `channel` until the returned function is called. */
  listen(channel: string, listener: ChannelListener): () => void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { listeners: new Set(), state: this.tokenRefused ? 'offline' : 'connecting', subscribedBefore: false };
      this.channels.set(channel, entry);
      if (!this.tokenRefused) {
        if (this.socket?.readyState === socketOpen) {
          this.send({ type: 'subscribe', channel });
        } else if (!this.socket && this.retryTimer === undefined) {
          this.connect();
        }
      }
    }
    entry.listeners.add(listener);
    listener.onState?.(entry.state);
    let listening = true;
    return () => {
      if (listening) {
        listening = false;
        this.leave(channel, listener);
      }
    };
  }

  /** Channels listened to now (tests, diagnostics). */
  channelNames(): string[] {
    return [...this.channels.keys()];
  }

  /** Stops using this connection for new listeners (the token changed). */
  retire(): void {
    this.retired = true;
    if (this.channels.size === 0) {
      this.close();
    }
  }

  private leave(channel: string, listener: ChannelListener): void {
    const entry = this.channels.get(channel);
    if (!entry?.listeners.delete(listener) || entry.listeners.size > 0) {
      return;
    }
    this.channels.delete(channel);
    if (entry.state !== 'offline') {
      this.send({ type: 'unsubscribe', channel });
    }
    if (this.channels.size === 0) {
      if (this.retired) {
        this.close();
      } else {
        clearTimeout(this.idleTimer);
        this.idleTimer = setTimeout(() => this.close(), idleCloseMs);
      }
    }
  }

  private connect(): void {
    this.retryTimer = undefined;
    const socket = this.createSocket(realtimeUrl(currentLocale()));
    this.socket = socket;
    socket.onopen = () => {
      this.send({ type: 'auth', token: this.token });
      for (const [channel, entry] of this.channels) {
        if (entry.state !== 'offline') {
          this.send({ type: 'subscribe', channel });
        }
      }
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), pingEveryMs);
    };
    socket.onmessage = (event: MessageEvent<string>) => this.receive(event.data);
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) {
        return;
      }
      this.socket = null;
      clearInterval(this.pingTimer);
      if (event.code === unauthorizedClose) {
        this.tokenRefused = true;
        for (const entry of this.channels.values()) {
          this.setState(entry, 'offline');
        }
        return;
      }
      const waiting = [...this.channels.values()].filter((entry) => entry.state !== 'offline');
      if (waiting.length === 0) {
        return;
      }
      for (const entry of waiting) {
        this.setState(entry, 'connecting');
      }
      const delay = retryDelaysMs[Math.min(this.attempts, retryDelaysMs.length - 1)];
      this.attempts += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  private receive(text: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    const channel = message.data?.channel;
    if (typeof channel !== 'string') {
      return;
    }
    const entry = this.channels.get(channel);
    if (message.code === 0 && message.msg === 'subscribed') {
      if (!entry) {
        // Left while the subscription was being checked: the server answered after the unsubscribe.
        this.send({ type: 'unsubscribe', channel });
        return;
      }
      this.attempts = 0;
      if (entry.state === 'live') {
        return;
      }
      const reconnected = entry.subscribedBefore;
      entry.subscribedBefore = true;
      this.setState(entry, 'live');
      if (reconnected) {
        for (const listener of [...entry.listeners]) {
          listener.onReconnect?.();
        }
      }
    } else if (message.code === 0 && message.msg === 'push') {
      const push: ChannelPush = { event: message.data?.event ?? '', payload: message.data?.payload, at: message.data?.at ?? Date.now() };
      for (const listener of [...(entry?.listeners ?? [])]) {
        listener.onPush(push);
      }
    } else if (message.code !== 0 && entry) {
      // Refused (no permission, the thing is gone): this channel only; the others stay live.
      this.setState(entry, 'offline');
    }
  }

  private setState(entry: ChannelEntry, state: ChannelState): void {
    if (entry.state === state) {
      return;
    }
    entry.state = state;
    for (const listener of [...entry.listeners]) {
      listener.onState?.(state);
    }
  }

  private send(message: { type: 'auth'; token: string } | { type: 'subscribe' | 'unsubscribe' | 'ping'; channel?: string }): void {
    if (this.socket?.readyState === socketOpen) {
      this.socket.send(JSON.stringify(message));
    }
  }

  private close(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.idleTimer = undefined;
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    if (shared === this) {
      shared = null;
    }
  }
}

let shared: RealtimeConnection | null = null;

/**
 * The tab's connection for `token` (one at a time: a new token, after a sign-in or a company
 * switch, retires the previous connection once its listeners have left).
 */
export function realtimeConnection(token: string, createSocket?: SocketFactory): RealtimeConnection {
  if (shared?.token !== token) {
    shared?.retire();
    shared = new RealtimeConnection(token, createSocket);
  }
  return shared;
}
