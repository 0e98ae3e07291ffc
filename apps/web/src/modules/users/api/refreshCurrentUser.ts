import type { CurrentUser } from '@smartdata/domain';
import { fetchCurrentUser } from '@/modules/auth/api/getCurrentUser';
import { useSessionStore } from '@/shared/session/sessionStore';

/**
 * Reloads the stored current user (`GET /user/getUser`) after a change of their own — avatar,
 * name, language, a company joined — so the navbar and the company switcher show it at once.
 */
export async function refreshCurrentUser(): Promise<CurrentUser> {
  const user = await fetchCurrentUser();
  useSessionStore.getState().setUser(user);
  return user;
}
