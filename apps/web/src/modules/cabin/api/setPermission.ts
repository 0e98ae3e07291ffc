import type { SetPermissionRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** `POST /cabin/setPermission {nodeId, mode, grants}` (mode default clears the grants). */
export function setPermission(request: SetPermissionRequest): Promise<null> {
  return api.post<null>('/cabin/setPermission', request);
}

export function useSetPermissionMutation() {
  // Levels change below the node too: the tree and every open permission view are read again.
  return useInvalidatingMutation(setPermission, cabinKeys.all);
}
