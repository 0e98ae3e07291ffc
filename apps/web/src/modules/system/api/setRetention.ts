import type { SetRetentionRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { systemKeys } from './keys';

/** `POST /system/setRetention` */
export function setRetention(request: SetRetentionRequest): Promise<null> {
  return api.post<null>('/system/setRetention', request);
}

export function useSetRetentionMutation() {
  return useInvalidatingMutation(setRetention, systemKeys.retentions());
}
