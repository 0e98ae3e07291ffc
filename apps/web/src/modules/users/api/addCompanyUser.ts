import type { AddCompanyUserRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

export type { AddCompanyUserRequest } from '@smartdata/domain';

/** `POST /user/addCompanyUser` (um_user): a new user of the current company, who changes the password at first sign-in. */
export function addCompanyUser(request: AddCompanyUserRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/user/addCompanyUser', request);
}

export function useAddCompanyUserMutation() {
  return useInvalidatingMutation(addCompanyUser, usersKeys.all);
}
