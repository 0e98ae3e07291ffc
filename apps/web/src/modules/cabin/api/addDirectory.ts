import type { AddDirectoryRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** `POST /cabin/addDirectory {parentId, name}` → the new node's id (parentId null: the top). */
export function addDirectory(request: AddDirectoryRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/cabin/addDirectory', request);
}

export function useAddDirectoryMutation() {
  return useInvalidatingMutation(addDirectory, cabinKeys.tree());
}
