import { useQueryClient } from '@tanstack/react-query';
import { alarmChannel, type AlarmPush } from '@smartdata/domain';
import { useRealtimeChannel, type ChannelPush, type ChannelState } from '@/shared/realtime/useRealtimeChannel';
import { useSessionStore } from '@/shared/session/sessionStore';
import { alarmsKeys } from '../api/keys';

export type { ChannelState } from '@/shared/realtime/useRealtimeChannel';

/** The payload of a push of the `alarms` channel, when it is one. */
export function alarmPushOf(push: ChannelPush): AlarmPush | null {
  const payload = push.payload as Partial<AlarmPush> | null | undefined;
  if (!payload || typeof payload !== 'object' || !payload.alarm || typeof payload.alarm.id !== 'number') {
    return null;
  }
  return payload as AlarmPush;
}

/**
 * Listens to `alarms:<companyId>` while mounted (the log, the wall, the navbar bell): every push
 * refreshes the alarm lists, the count and the update watches, then goes to `onPush`. After a
 * reconnect the same queries are refreshed, since pushes may have been missed. The server sends a
 * push only to those who may read the alarm's target.
 */
export function useAlarmsChannel(onPush?: (push: AlarmPush) => void, enabled = true): ChannelState {
  const companyId = useSessionStore((state) => state.company?.companyId);
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: alarmsKeys.alarms() });
    void queryClient.invalidateQueries({ queryKey: alarmsKeys.count() });
    void queryClient.invalidateQueries({ queryKey: alarmsKeys.watches() });
  };
  const handlePush = (push: ChannelPush) => {
    refresh();
    const alarm = alarmPushOf(push);
    if (alarm) {
      onPush?.(alarm);
    }
  };
  return useRealtimeChannel(enabled && companyId ? `${alarmChannel}:${companyId}` : null, handlePush, refresh);
}
