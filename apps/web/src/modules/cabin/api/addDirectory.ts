import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /cabin/addDirectory {parentId, name}` → the new node's id (parentId null: the top). */
export function addDirectory(values: { parentId: number | null; name: string }): Promise<{ id: number }> {
  return api.post<{ id: number }>('/cabin/addDirectory', values);
}

export function useAddDirectoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDirectory, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.tree() }) });
}
