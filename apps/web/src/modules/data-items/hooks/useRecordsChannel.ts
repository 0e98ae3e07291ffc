import { useRealtimeChannel, type ChannelPush, type ChannelState } from '@/shared/realtime/useRealtimeChannel';

export type { ChannelState } from '@/shared/realtime/useRealtimeChannel';

/** A push of channel `records:<itemId>` (docs/cabin.md, "Realtime"). */
export interface RecordsPush extends ChannelPush {
  // The events the server sends today, listed for the reader; any other passes through.
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents
  event: 'recordAdded' | 'recordUpdated' | 'recordsDeleted' | 'recordsImported' | string;
}

/**
 * Listens to `records:<itemId>` while the page is open: every push goes to `onPush`; after a
 * reconnect `onReconnect` runs (pushes may have been missed).
 */
export function useRecordsChannel(itemId: number, onPush: (push: RecordsPush) => void, onReconnect: () => void): ChannelState {
  const channel = Number.isSafeInteger(itemId) && itemId > 0 ? `records:${itemId}` : null;
  return useRealtimeChannel(channel, onPush, onReconnect);
}
