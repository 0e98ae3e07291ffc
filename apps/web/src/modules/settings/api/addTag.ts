import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { settingsKeys } from './keys';

export interface TagValues {
  name: string;
  /** `#RRGGBB` */
  color: string;
}

/** `POST /tag/addTag {name, color}` → the new tag's id. */
export function addTag(values: TagValues): Promise<{ id: number }> {
  return api.post<{ id: number }>('/tag/addTag', values);
}

export function useAddTagMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.tags() }) });
}
