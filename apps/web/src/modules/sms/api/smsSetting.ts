import { useQuery } from '@tanstack/react-query';
import type { SmsSetting, UpdateSmsSettingRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';

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
  return useInvalidatingMutation(updateSmsSetting, smsKeys.all);
}
