import type { z } from 'zod';
import type { Id, memberRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

/** `POST /company/member/removeMember {userId}`: the user leaves the company (the account stays). */
export function removeMember(request: z.input<typeof memberRequest>): Promise<null> {
  return api.post<null>('/company/member/removeMember', request);
}

export function useRemoveMemberMutation() {
  return useInvalidatingMutation((userId: Id) => removeMember({ userId }), usersKeys.all);
}
