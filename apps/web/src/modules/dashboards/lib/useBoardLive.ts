import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { realtimeConnection, type ChannelState } from '@/shared/realtime/realtimeConnection';
import { useSessionStore } from '@/shared/session/sessionStore';
import { dashboardsKeys } from '../api/keys';

export type LiveState = 'off' | 'connecting' | 'live' | 'offline';

/** The board's state from its channels': live when one is, connecting while one tries. */
export function boardLiveState(states: Iterable<ChannelState>): LiveState {
  const all = [...states];
  if (all.length === 0) {
    return 'off';
  }
  return all.includes('live') ? 'live' : all.includes('connecting') ? 'connecting' : 'offline';
}

/**
 * Listens to `records:<itemId>` of every item the shown board's readable widgets are bound to,
 * over the tab's shared WebSocket (the widgets' own charts listen to the same channels, without
 * another socket or subscription), and on each push (record added, changed, deleted, imported)
 * refreshes what the widgets of that item show. Each (re)subscription reads the item again
 * (pushes may have been missed). A refused channel (no read permission) is simply not live.
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
    const connection = realtimeConnection(token);
    const states = new Map<number, ChannelState>();
    const refresh = (itemId: number) => void clientRef.current.invalidateQueries({ queryKey: dashboardsKeys.itemData(itemId) });
    const stops = ids.map((id) =>
      connection.listen(`records:${id}`, {
        onPush: () => refresh(id),
        onState: (channelState) => {
          states.set(id, channelState);
          setState(boardLiveState(states.values()));
          if (channelState === 'live') {
            // Read once more now that pushes flow: a record written between the first read and
            // the subscription (or while the connection was lost) would otherwise wait.
            refresh(id);
          }
        },
      }),
    );
    return () => {
      for (const stop of stops) {
        stop();
      }
    };
  }, [key, token]);

  return state;
}
