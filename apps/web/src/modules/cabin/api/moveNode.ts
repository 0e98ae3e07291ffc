import type { MoveNodeRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** `POST /cabin/moveNode {id, parentId}`: under a directory or at the top (parentId null). */
export function moveNode(request: MoveNodeRequest): Promise<null> {
  return api.post<null>('/cabin/moveNode', request);
}

export function useMoveNodeMutation() {
  // Levels below the node may change with its new place, so the tree is read again either way.
  return useInvalidatingMutation(moveNode, cabinKeys.all, 'settled');
}
