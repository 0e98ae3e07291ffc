import { userText, type CurrentUser, type GetTokenRequest, type GetTokenResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { notify } from '@/shared/api/notifier';
import { currentLocale } from '@/shared/i18n/locale';
import { useAction } from './useAction';

/** `POST /user/access/getToken`, form-encoded: username+password or phone+smsCode. */
export function getToken(credentials: GetTokenRequest): Promise<GetTokenResponse> {
  return api.post<GetTokenResponse>('/user/access/getToken', credentials, { form: true });
}

/**
 * Signs in: stores the token, then loads the user and generates the session's routes. The user
 * is checked with the domain's zod schema (getCurrentUser.ts), which the console needs anyway:
 * that chunk is fetched while the token is requested, not with the sign-in page.
 */
export async function signIn(credentials: GetTokenRequest): Promise<CurrentUser> {
  const loading = import('./getCurrentUser');
  // When the token request fails, that is what the user is told (by the API client).
  loading.catch(() => undefined);
  const { token } = await getToken(credentials);
  let session: Awaited<typeof loading>;
  try {
    session = await loading;
  } catch (error) {
    // The console's code could not be loaded (e.g. a new version was deployed meanwhile).
    notify({ title: userText('notice', currentLocale()), description: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  return session.startSession(token);
}

export function useSignIn() {
  return useAction(signIn);
}
