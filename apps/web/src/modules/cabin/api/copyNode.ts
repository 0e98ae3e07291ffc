import type { CopyNodeRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** `POST /cabin/copyNode {id, parentId}` → the copy's node id (directories and data items only). */
export function copyNode(request: CopyNodeRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/cabin/copyNode', request);
}

export function useCopyNodeMutation() {
  return useInvalidatingMutation(copyNode, cabinKeys.all);
}
