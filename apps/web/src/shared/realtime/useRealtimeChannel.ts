import { useEffect, useRef, useState } from 'react';
import { useSessionStore } from '@/shared/session/sessionStore';
import { realtimeConnection, type ChannelPush, type ChannelState } from './realtimeConnection';

export { realtimeUrl, type ChannelPush, type ChannelState } from './realtimeConnection';

/**
 * Listens to one channel while the component is mounted (null: nothing to listen to), over the
 * tab's one shared WebSocket (`realtimeConnection`): every push goes to `onPush`; after a
 * reconnect `onReconnect` runs (pushes may have been missed). Two components on one channel
 * share its subscription, which ends when the last of them unmounts. A refused token (close 4401)
 * or a refused subscription (no permission, the thing is gone) makes it offline.
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
    return realtimeConnection(token).listen(channel, {
      onPush: (push) => handlers.current.onPush(push),
      onReconnect: () => handlers.current.onReconnect(),
      onState: setState,
    });
  }, [channel, token]);

  return state;
}
