import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrantScope, PermissionLevel, PermissionMode } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

export interface PermissionValues {
  nodeId: number;
  mode: PermissionMode;
  grants: { scope: GrantScope; targetId?: number; level: PermissionLevel }[];
}

/** `POST /cabin/setPermission {nodeId, mode, grants}` (mode default clears the grants). */
export function setPermission(values: PermissionValues): Promise<null> {
  return api.post<null>('/cabin/setPermission', values);
}

export function useSetPermissionMutation() {
  const queryClient = useQueryClient();
  // Levels change below the node too: the tree and every open permission view are read again.
  return useMutation({ mutationFn: setPermission, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.all }) });
}
