import type { RenameNodeRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** `POST /cabin/renameNode {id, name}` (the name rule of the node's kind). */
export function renameNode(request: RenameNodeRequest): Promise<null> {
  return api.post<null>('/cabin/renameNode', request);
}

export function useRenameNodeMutation() {
  // Item groups and data item details show names too.
  return useInvalidatingMutation(renameNode, cabinKeys.all);
}
