import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsSetting, UpdateSmsSettingRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';

export const smsKeys = {
  all: ['sms'] as const,
  setting: () => [...smsKeys.all, 'setting'] as const,
};

/** `GET /sms/getSmsSetting` (platform administrators): the provider, the secret only as set. */
export function getSmsSetting(signal?: AbortSignal): Promise<SmsSetting> {
  return api.get<SmsSetting>('/sms/getSmsSetting', undefined, { signal });
}

export function useSmsSettingQuery(enabled: boolean) {
  return useQuery({ queryKey: smsKeys.setting(), queryFn: ({ signal }) => getSmsSetting(signal), enabled });
}

/** `POST /sms/updateSmsSetting` (an empty accessKeySecret keeps the stored one). */
export function updateSmsSetting(request: UpdateSmsSettingRequest): Promise<null> {
  return api.post<null>('/sms/updateSmsSetting', request);
}

export function useUpdateSmsSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSmsSetting, onSuccess: () => queryClient.invalidateQueries({ queryKey: smsKeys.all }) });
}
