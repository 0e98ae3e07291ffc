import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, GetTokenRequest, GetTokenResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { startSession } from './getCurrentUser';

/** `POST /user/access/getToken`, form-encoded: username+password or phone+smsCode. */
export function getToken(credentials: GetTokenRequest): Promise<GetTokenResponse> {
  return api.post<GetTokenResponse>('/user/access/getToken', credentials, { form: true });
}

/** Signs in: stores the token, then loads the user and generates the session's routes. */
export async function signIn(credentials: GetTokenRequest): Promise<CurrentUser> {
  const { token } = await getToken(credentials);
  return startSession(token);
}

export function useSignInMutation() {
  return useMutation({ mutationFn: signIn });
}
