import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IoSocketSecret } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { settingsKeys } from './keys';

/** `POST /company/regenerateIoSocketSecret`: a new secret, answered this once; the old one stops working. */
export function regenerateIoSocketSecret(): Promise<IoSocketSecret> {
  return api.post<IoSocketSecret>('/company/regenerateIoSocketSecret');
}

export function useRegenerateIoSocketSecretMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateIoSocketSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.ioSocket() }),
  });
}
