import type { IoSocketSecret } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { settingsKeys } from './keys';

/** `POST /company/regenerateIoSocketSecret`: a new secret, answered this once; the old one stops working. */
export function regenerateIoSocketSecret(): Promise<IoSocketSecret> {
  return api.post<IoSocketSecret>('/company/regenerateIoSocketSecret');
}

export function useRegenerateIoSocketSecretMutation() {
  return useInvalidatingMutation(regenerateIoSocketSecret, settingsKeys.ioSocket());
}
