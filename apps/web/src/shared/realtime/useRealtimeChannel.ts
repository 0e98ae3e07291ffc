import { useEffect, useRef, useState } from 'react';
import { API_BASE } from '@/shared/api/client';
import { currentLocale } from '@/shared/i18n/locale';
import { useSessionStore } from '@/shared/session/sessionStore';

/** A push of a realtime channel (apps/server/src/platform/realtime.ts). */
export interface ChannelPush {
  event: string;
  payload: unknown;
  at: number;
}

export type ChannelState = 'connecting' | 'live' | 'offline';

const pingEveryMs = 25_000;
const retryDelaysMs = [1_000, 2_000, 5_000, 10_000, 30_000];

/** `ws(s)://<host>/general/ws?token=&lang=` (browsers cannot set headers on a WebSocket). */
export function realtimeUrl(token: string, locale: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${API_BASE}/ws?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(locale)}`;
}

/**
 * Listens to one channel over the server's WebSocket while the page is open (null: nothing to
 * listen to): every push goes to `onPush`; after a reconnect `onReconnect` runs (pushes may have
 * been missed). Reconnects with a growing delay; a refused token (close 4401) or a refused
 * subscription (no permission, the thing is gone) stops it.
 */
export function useRealtimeChannel(channel: string | null, onPush: (push: ChannelPush) => void, onReconnect: () => void): ChannelState {
  const token = useSessionStore((state) => state.token);
  const [state, setState] = useState<ChannelState>('connecting');
  const handlers = useRef({ onPush, onReconnect });
  useEffect(() => {
    handlers.current = { onPush, onReconnect };
  });

  useEffect(() => {
    if (!token || !channel || typeof WebSocket === 'undefined') {
      return undefined;
    }
    let socket: WebSocket | null = null;
    let retryTimer: number | undefined;
    let pingTimer: number | undefined;
    let attempts = 0;
    let closed = false;
    let everConnected = false;

    const connect = () => {
      setState('connecting');
      socket = new WebSocket(realtimeUrl(token, currentLocale()));
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'subscribe', channel }));
      socket.onmessage = (event: MessageEvent<string>) => {
        let message: { code?: number; msg?: string; data?: { channel?: string; event?: string; payload?: unknown; at?: number } };
        try {
          message = JSON.parse(event.data) as typeof message;
        } catch {
          return;
        }
        if (message.code === 0 && message.msg === 'subscribed' && message.data?.channel === channel) {
          if (everConnected) {
            handlers.current.onReconnect();
          }
          everConnected = true;
          attempts = 0;
          setState('live');
        } else if (message.code === 0 && message.msg === 'push' && message.data?.channel === channel) {
          handlers.current.onPush({ event: message.data.event ?? '', payload: message.data.payload, at: message.data.at ?? Date.now() });
        } else if (message.code !== 0 && message.data?.channel === channel) {
          closed = true;
          setState('offline');
          socket?.close();
        }
      };
      socket.onclose = (event) => {
        window.clearInterval(pingTimer);
        if (closed || event.code === 4401) {
          setState('offline');
          return;
        }
        setState('connecting');
        const delay = retryDelaysMs[Math.min(attempts, retryDelaysMs.length - 1)]!;
        attempts += 1;
        retryTimer = window.setTimeout(connect, delay);
      };
      pingTimer = window.setInterval(() => {
        if (socket?.readyState === WebSocket.OPEN) {
          socket.send(JSON.stringify({ type: 'ping' }));
        }
      }, pingEveryMs);
    };

    connect();
    return () => {
      closed = true;
      window.clearTimeout(retryTimer);
      window.clearInterval(pingTimer);
      socket?.close();
    };
  }, [channel, token]);

  return state;
}
