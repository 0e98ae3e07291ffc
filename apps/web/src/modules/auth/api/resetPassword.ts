import type { ResetPasswordRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useAction } from './useAction';

/** `POST /user/access/resetPassword` with the phone's SMS code. */
export function resetPassword(request: ResetPasswordRequest): Promise<null> {
  return api.post<null>('/user/access/resetPassword', request);
}

export function useResetPassword() {
  return useAction(resetPassword);
}
