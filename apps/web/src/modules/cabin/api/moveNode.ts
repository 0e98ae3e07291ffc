import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveNodeRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /cabin/moveNode {id, parentId}`: under a directory or at the top (parentId null). */
export function moveNode(request: MoveNodeRequest): Promise<null> {
  return api.post<null>('/cabin/moveNode', request);
}

export function useMoveNodeMutation() {
  const queryClient = useQueryClient();
  // Levels below the node may change with its new place, so the tree is read again either way.
  return useMutation({ mutationFn: moveNode, onSettled: () => queryClient.invalidateQueries({ queryKey: cabinKeys.all }) });
}
