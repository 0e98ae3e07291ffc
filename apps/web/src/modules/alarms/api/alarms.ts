import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AckAlarmsRequest, AlarmCount, AlarmNoteRequest, AlarmPage } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { alarmsKeys, type AlarmListParams } from './keys';

/** How often the navbar count is asked again when no push came (a missed push, a reconnect). */
export const ALARM_COUNT_REFRESH_MS = 60_000;

/** `GET /alarm/getAlarms?ruleId=&state=&level=&itemId=&deviceId=&watchId=&preset=&pageNum=&pageSize=` (cs_info). */
export function fetchAlarms(params: AlarmListParams, signal?: AbortSignal): Promise<AlarmPage> {
  return api.get<AlarmPage>('/alarm/getAlarms', params, { signal });
}

export function useAlarmsQuery(params: AlarmListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: alarmsKeys.alarmPage(params), queryFn: ({ signal }) => fetchAlarms(params, signal), placeholderData: keepPreviousData, enabled });
}

/**
 * `GET /alarm/getAlarmCount` → active unacknowledged alarms the caller may see (0s without
 * cs_info). Silent: a navbar badge never raises an error notice of its own.
 */
export function fetchAlarmCount(signal?: AbortSignal): Promise<AlarmCount> {
  return api.get<AlarmCount>('/alarm/getAlarmCount', undefined, { signal, silent: true });
}

export function useAlarmCountQuery(enabled = true) {
  return useQuery({ queryKey: alarmsKeys.count(), queryFn: ({ signal }) => fetchAlarmCount(signal), refetchInterval: ALARM_COUNT_REFRESH_MS, enabled });
}

function useAlarmMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmsKeys.alarms() }),
        queryClient.invalidateQueries({ queryKey: alarmsKeys.count() }),
        queryClient.invalidateQueries({ queryKey: alarmsKeys.watches() }),
      ]);
    },
  });
}

/** `POST /alarm/ackAlarm {id, note}` (40900 when already acknowledged or cleared). */
export function ackAlarm(request: AlarmNoteRequest): Promise<null> {
  return api.post<null>('/alarm/ackAlarm', request);
}
export const useAckAlarmMutation = () => useAlarmMutation(ackAlarm);

/** `POST /alarm/clearAlarm {id, note}`: cleared by hand, with the note in the handling record. */
export function clearAlarm(request: AlarmNoteRequest): Promise<null> {
  return api.post<null>('/alarm/clearAlarm', request);
}
export const useClearAlarmMutation = () => useAlarmMutation(clearAlarm);

/** `POST /alarm/ackAlarms {ids, note}` → `{count}` acknowledged now (the others already were). */
export function ackAlarms(request: AckAlarmsRequest): Promise<{ count: number }> {
  return api.post<{ count: number }>('/alarm/ackAlarms', request);
}
export const useAckAlarmsMutation = () => useAlarmMutation(ackAlarms);
