import type { FormQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/deleteJump {id}` */
export function deleteJump(request: FormQuery): Promise<null> {
  return api.post<null>('/dataItem/deleteJump', request);
}

export function useDeleteJumpMutation() {
  return useInvalidatingMutation((id: number) => deleteJump({ id }), dataItemsKeys.all);
}
