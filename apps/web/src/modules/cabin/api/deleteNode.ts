import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /cabin/deleteNode {id}` → how many nodes went: the node and its whole subtree, at once. */
export function deleteNode(id: number): Promise<{ deleted: number }> {
  return api.post<{ deleted: number }>('/cabin/deleteNode', { id });
}

export function useDeleteNodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNode, onSettled: () => queryClient.invalidateQueries({ queryKey: cabinKeys.all }) });
}
