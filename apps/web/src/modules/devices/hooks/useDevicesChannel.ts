import { useQueryClient } from '@tanstack/react-query';
import { devicesChannel, type DeviceItem } from '@smartdata/domain';
import { useRealtimeChannel, type ChannelPush, type ChannelState } from '@/shared/realtime/useRealtimeChannel';
import { useSessionStore } from '@/shared/session/sessionStore';
import { deviceKeys } from '../api/keys';

export type DevicePush = ChannelPush;
export type { ChannelState } from '@/shared/realtime/useRealtimeChannel';

/**
 * Listens to `devices:<companyId>` (docs/devices.md) while a device page is open. A
 * `deviceUpdated` push with the device puts it into the cached detail and refreshes the lists;
 * every push also goes to `onPush` (OTA progress, telemetry). After a reconnect the device
 * queries are refreshed, since pushes may have been missed.
 */
export function useDevicesChannel(onPush?: (push: DevicePush) => void): ChannelState {
  const companyId = useSessionStore((state) => state.company?.companyId);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: deviceKeys.all });

  const handlePush = (push: DevicePush) => {
    const device = push.payload as Partial<DeviceItem> | undefined;
    if ((push.event === 'deviceUpdated' || push.event === 'otaProgress') && device && typeof device.id === 'number') {
      if (push.event === 'deviceUpdated') {
        queryClient.setQueryData<DeviceItem>(deviceKeys.detail(device.id), (old) => (old ? { ...old, ...device } : old));
      }
      void queryClient.invalidateQueries({ queryKey: [...deviceKeys.all, 'list'] });
      if (push.event === 'otaProgress') {
        const progress = push.payload as { id: number; percent: number; targetVersion?: string | null };
        queryClient.setQueryData<DeviceItem>(deviceKeys.detail(progress.id), (old) =>
          old ? { ...old, ota: { ...old.ota, state: 'progress', percent: progress.percent, targetVersion: progress.targetVersion ?? old.ota.targetVersion } } : old,
        );
      }
    } else if (push.event === 'deviceRemoved') {
      refresh();
    }
    onPush?.(push);
  };

  return useRealtimeChannel(companyId ? devicesChannel(Number(companyId)) : null, handlePush, refresh);
}
