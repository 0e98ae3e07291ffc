import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deleteTagRequest, Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { settingsKeys } from './keys';

/** `POST /tag/deleteTag {id}` */
export function deleteTag(request: z.input<typeof deleteTagRequest>): Promise<null> {
  return api.post<null>('/tag/deleteTag', request);
}

export function useDeleteTagMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: Id) => deleteTag({ id }), onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.tags() }) });
}
