import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { devicesChannel, type DeviceItem } from '@smartdata/domain';
import { realtimeUrl } from '@/modules/data-items/hooks/useRecordsChannel';
import { currentLocale } from '@/shared/i18n/locale';
import { useSessionStore } from '@/shared/session/sessionStore';
import { deviceKeys } from '../api/keys';

export interface DevicePush {
  event: string;
  payload: unknown;
  at: number;
}

export type ChannelState = 'connecting' | 'live' | 'offline';

const pingEveryMs = 25_000;
const retryDelaysMs = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Listens to `devices:<companyId>` (docs/devices.md) while a device page is open. A
 * `deviceUpdated` push with the device puts it into the cached detail and refreshes the lists;
 * every push also goes to `onPush` (OTA progress, telemetry). After a reconnect the device
 * queries are refreshed, since pushes may have been missed.
 */
export function useDevicesChannel(onPush?: (push: DevicePush) => void): ChannelState {
  const token = useSessionStore((state) => state.token);
  const companyId = useSessionStore((state) => state.company?.companyId);
  const queryClient = useQueryClient();
  const [state, setState] = useState<ChannelState>('connecting');
  const handler = useRef(onPush);
  useEffect(() => {
    handler.current = onPush;
  });

  useEffect(() => {
    if (!token || !companyId || typeof WebSocket === 'undefined') {
      return undefined;
    }
    const channel = devicesChannel(Number(companyId));
    let socket: WebSocket | null = null;
    let retryTimer: number | undefined;
    let pingTimer: number | undefined;
    let attempts = 0;
    let closed = false;
    let everConnected = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: deviceKeys.all });

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
            refresh();
          }
          everConnected = true;
          attempts = 0;
          setState('live');
        } else if (message.code === 0 && message.msg === 'push' && message.data?.channel === channel) {
          const push = { event: message.data.event ?? '', payload: message.data.payload, at: message.data.at ?? Date.now() };
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
          handler.current?.(push);
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
  }, [token, companyId, queryClient]);

  return state;
}
