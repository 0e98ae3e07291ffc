import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CopyNodeRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /cabin/copyNode {id, parentId}` → the copy's node id (directories and data items only). */
export function copyNode(request: CopyNodeRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/cabin/copyNode', request);
}

export function useCopyNodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: copyNode, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.all }) });
}
