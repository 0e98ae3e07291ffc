import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { settingsKeys } from './keys';

/** `POST /tag/deleteTag {id}` */
export function deleteTag(id: Id): Promise<null> {
  return api.post<null>('/tag/deleteTag', { id });
}

export function useDeleteTagMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTag, onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.tags() }) });
}
