import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import type { TagValues } from './addTag';
import { settingsKeys } from './keys';

/** `POST /tag/updateTag {id, name, color}`: rename or recolour a tag. */
export function updateTag(values: TagValues & { id: Id }): Promise<null> {
  return api.post<null>('/tag/updateTag', values);
}

export function useUpdateTagMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.tags() }) });
}
