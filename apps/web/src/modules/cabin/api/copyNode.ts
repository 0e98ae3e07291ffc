import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /cabin/copyNode {id, parentId}` → the copy's node id (directories and data items only). */
export function copyNode(values: { id: number; parentId: number | null }): Promise<{ id: number }> {
  return api.post<{ id: number }>('/cabin/copyNode', values);
}

export function useCopyNodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: copyNode, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.all }) });
}
