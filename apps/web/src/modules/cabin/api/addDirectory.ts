import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddDirectoryRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /cabin/addDirectory {parentId, name}` → the new node's id (parentId null: the top). */
export function addDirectory(request: AddDirectoryRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/cabin/addDirectory', request);
}

export function useAddDirectoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDirectory, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.tree() }) });
}
