import type { FormQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteForward {id}` */
export function deleteForward(request: FormQuery): Promise<null> {
  return api.post<null>('/dataItem/deleteForward', request);
}

export function useDeleteForwardMutation() {
  return useInvalidatingMutation((id: number) => deleteForward({ id }), dataItemsKeys.all);
}
