import type { DeleteNodeResult, NodeIdRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** `POST /cabin/deleteNode {id}` → how many nodes went: the node and its whole subtree, at once. */
export function deleteNode(request: NodeIdRequest): Promise<DeleteNodeResult> {
  return api.post<DeleteNodeResult>('/cabin/deleteNode', request);
}

export function useDeleteNodeMutation() {
  return useInvalidatingMutation((id: number) => deleteNode({ id }), cabinKeys.all, 'settled');
}
