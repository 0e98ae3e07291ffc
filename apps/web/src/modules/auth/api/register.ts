import { useMutation } from '@tanstack/react-query';
import type { AddUserRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';

/** `POST /user/addUser`: creates the user with a new company of their own (they administer it). */
export function register(request: AddUserRequest): Promise<{ id: number | string }> {
  return api.post<{ id: number | string }>('/user/addUser', request);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
