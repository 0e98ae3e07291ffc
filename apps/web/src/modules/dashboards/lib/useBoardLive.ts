import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { realtimeUrl } from '@/shared/realtime/useRealtimeChannel';
import { currentLocale } from '@/shared/i18n/locale';
import { useSessionStore } from '@/shared/session/sessionStore';
import { dashboardsKeys } from '../api/keys';

export type LiveState = 'off' | 'connecting' | 'live' | 'offline';

const retryDelaysMs = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * One WebSocket per shown board: subscribes to `records:<itemId>` of every item its readable
 * widgets are bound to, and on each push (record added, changed, deleted, imported) refreshes
 * what the widgets of that item show. Each (re)subscription reads the item again (pushes may
 * have been missed). A refused channel (no read permission) is simply not live.
 */
export function useBoardLive(itemIds: readonly number[]): LiveState {
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('off');
  const key = [...new Set(itemIds)].sort((a, b) => a - b).join(',');
  const clientRef = useRef(queryClient);
  clientRef.current = queryClient;

  useEffect(() => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    if (!token || ids.length === 0 || typeof WebSocket === 'undefined') {
      setState('off');
      return undefined;
    }
    let socket: WebSocket | null = null;
    let closed = false;
    let attempts = 0;
    let retryTimer: number | undefined;
    let pingTimer: number | undefined;
    const refresh = (itemId: number) => void clientRef.current.invalidateQueries({ queryKey: dashboardsKeys.itemData(itemId) });

    const connect = () => {
      setState('connecting');
      socket = new WebSocket(realtimeUrl(token, currentLocale()));
      socket.onopen = () => {
        for (const id of ids) {
          socket?.send(JSON.stringify({ type: 'subscribe', channel: `records:${id}` }));
        }
        attempts = 0;
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        let message: { code?: number; msg?: string; data?: { channel?: string } };
        try {
          message = JSON.parse(event.data) as typeof message;
        } catch {
          return;
        }
        const channel = message.data?.channel ?? '';
        if (!channel.startsWith('records:')) {
          return;
        }
        if (message.code === 0 && message.msg === 'subscribed') {
          // Read once more now that pushes flow: a record written between the first read and the
          // subscription would otherwise wait for the refresh interval.
          setState('live');
          refresh(Number(channel.slice('records:'.length)));
        } else if (message.code === 0 && message.msg === 'push') {
          refresh(Number(channel.slice('records:'.length)));
        }
      };
      socket.onclose = (event) => {
        window.clearInterval(pingTimer);
        if (closed || event.code === 4401) {
          setState('offline');
          return;
        }
        setState('connecting');
        retryTimer = window.setTimeout(connect, retryDelaysMs[Math.min(attempts, retryDelaysMs.length - 1)]);
        attempts += 1;
      };
      pingTimer = window.setInterval(() => {
        if (socket?.readyState === WebSocket.OPEN) {
          socket.send(JSON.stringify({ type: 'ping' }));
        }
      }, 25_000);
    };
    connect();
    return () => {
      closed = true;
      window.clearTimeout(retryTimer);
      window.clearInterval(pingTimer);
      socket?.close();
    };
  }, [key, token]);

  return state;
}
