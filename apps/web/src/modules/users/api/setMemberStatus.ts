import type { z } from 'zod';
import type { setMemberStatusRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

/** `POST /company/member/setMemberStatus {userId, disabled}`: a disabled member cannot work in the company. */
export function setMemberStatus(request: z.input<typeof setMemberStatusRequest>): Promise<null> {
  return api.post<null>('/company/member/setMemberStatus', request);
}

export function useSetMemberStatusMutation() {
  return useInvalidatingMutation(setMemberStatus, usersKeys.all);
}
