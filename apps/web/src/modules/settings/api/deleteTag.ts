import type { z } from 'zod';
import type { deleteTagRequest, Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { settingsKeys } from './keys';

/** `POST /tag/deleteTag {id}` */
export function deleteTag(request: z.input<typeof deleteTagRequest>): Promise<null> {
  return api.post<null>('/tag/deleteTag', request);
}

export function useDeleteTagMutation() {
  return useInvalidatingMutation((id: Id) => deleteTag({ id }), settingsKeys.tags(), 'settled');
}
