import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';

/** `POST /user/changePassword`: keeps this session and ends the user's other sessions. */
export function changePassword(request: ChangePasswordRequest): Promise<null> {
  return api.post<null>('/user/changePassword', request);
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
