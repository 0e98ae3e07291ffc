import type { AddTagRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { settingsKeys } from './keys';

/** A tag's name and `#RRGGBB` color, as the form edits them. */
export type TagValues = AddTagRequest;

/** `POST /tag/addTag {name, color}` → the new tag's id. */
export function addTag(request: AddTagRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/tag/addTag', request);
}

export function useAddTagMutation() {
  return useInvalidatingMutation(addTag, settingsKeys.tags());
}
