import type { AddUserRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useAction } from './useAction';

/** `POST /user/addUser`: creates the user with a new company of their own (they administer it). */
export function register(request: AddUserRequest): Promise<{ id: number | string }> {
  return api.post<{ id: number | string }>('/user/addUser', request);
}

export function useRegister() {
  return useAction(register);
}
