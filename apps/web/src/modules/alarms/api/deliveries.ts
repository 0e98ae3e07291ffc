import { useQuery } from '@tanstack/react-query';
import type { DeliveryView } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { alarmsKeys } from './keys';

/** `GET /alarm/getDeliveries?alarmId=`: the alarm's SMS, e-mail and channel messages, oldest first. */
export function fetchAlarmDeliveries(alarmId: number, signal?: AbortSignal): Promise<DeliveryView[]> {
  return api.get<DeliveryView[]>('/alarm/getDeliveries', { alarmId }, { signal });
}

/** Read again every 5 s while shown: a message waiting for a retry changes on its own. */
export function useAlarmDeliveriesQuery(alarmId: number | null) {
  return useQuery({
    queryKey: alarmsKeys.deliveries(alarmId ?? 0),
    queryFn: ({ signal }) => fetchAlarmDeliveries(alarmId ?? 0, signal),
    enabled: alarmId !== null,
    refetchInterval: 5000,
  });
}
