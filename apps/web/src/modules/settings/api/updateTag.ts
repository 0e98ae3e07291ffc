import type { z } from 'zod';
import type { updateTagRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { settingsKeys } from './keys';

/** `POST /tag/updateTag {id, name, color}`: rename or recolour a tag. */
export function updateTag(request: z.input<typeof updateTagRequest>): Promise<null> {
  return api.post<null>('/tag/updateTag', request);
}

export function useUpdateTagMutation() {
  return useInvalidatingMutation(updateTag, settingsKeys.tags());
}
