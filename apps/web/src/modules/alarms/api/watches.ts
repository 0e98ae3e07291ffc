import { useQuery } from '@tanstack/react-query';
import type { AddUpdateWatchRequest, IdResponse, UpdateUpdateWatchRequest, UpdateWatchView } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useAlarmsMutation } from './alarmsMutation';
import { alarmsKeys } from './keys';

/** `GET /alarm/getUpdateWatches` → the data-update watches (cs_sditem_update). */
export function fetchUpdateWatches(signal?: AbortSignal): Promise<UpdateWatchView[]> {
  return api.get<UpdateWatchView[]>('/alarm/getUpdateWatches', undefined, { signal });
}

export function useUpdateWatchesQuery() {
  return useQuery({ queryKey: alarmsKeys.watches(), queryFn: ({ signal }) => fetchUpdateWatches(signal) });
}

/** `POST /alarm/addUpdateWatch {itemId, fieldName?, everyMinutes, level, remindMinutes?, dailyAtMinute?, enabled?}` → `{id}`. */
export function addUpdateWatch(request: AddUpdateWatchRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/alarm/addUpdateWatch', request);
}
export const useAddUpdateWatchMutation = () => useAlarmsMutation(addUpdateWatch);

/** `POST /alarm/updateUpdateWatch` */
export function updateUpdateWatch(request: UpdateUpdateWatchRequest): Promise<null> {
  return api.post<null>('/alarm/updateUpdateWatch', request);
}
export const useUpdateUpdateWatchMutation = () => useAlarmsMutation(updateUpdateWatch);

/** `POST /alarm/deleteUpdateWatch {id}` (its open "stopped updating" alarm is cleared). */
export function deleteUpdateWatch(id: number): Promise<null> {
  return api.post<null>('/alarm/deleteUpdateWatch', { id });
}
export const useDeleteUpdateWatchMutation = () => useAlarmsMutation(deleteUpdateWatch);
