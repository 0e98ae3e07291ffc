import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteNodeResult, NodeIdRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /cabin/deleteNode {id}` → how many nodes went: the node and its whole subtree, at once. */
export function deleteNode(request: NodeIdRequest): Promise<DeleteNodeResult> {
  return api.post<DeleteNodeResult>('/cabin/deleteNode', request);
}

export function useDeleteNodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteNode({ id }), onSettled: () => queryClient.invalidateQueries({ queryKey: cabinKeys.all }) });
}
