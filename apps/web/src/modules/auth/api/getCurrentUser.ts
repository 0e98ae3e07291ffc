import { currentUser, type CurrentUser } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { applySessionLocale } from '@/shared/i18n/locale';
import { useSessionStore } from '@/shared/session/sessionStore';

/** `GET /user/getUser`: the current user with menu codes, company and notice state. */
export async function fetchCurrentUser(signal?: AbortSignal, token?: string): Promise<CurrentUser> {
  const data = await api.get<unknown>('/user/getUser', undefined, { signal, token });
  const parsed = currentUser.safeParse(data);
  if (!parsed.success) {
    console.warn('getUser answered an unexpected shape', parsed.error.issues);
    return data as CurrentUser;
  }
  return parsed.data;
}

/**
 * Loads the user and generates this session's routes from their menu codes (spec §2: routes are
 * generated once per session; the `accessRoutes` flag records it).
 */
export async function loadSession(signal?: AbortSignal): Promise<CurrentUser> {
  const user = await fetchCurrentUser(signal);
  const store = useSessionStore.getState();
  store.setUser(user);
  store.setAccessRoutes(true);
  return user;
}

/**
 * After getToken: loads the user with the new token, switches to the user's saved language (unless
 * one was just picked on the sign-in page), then stores token, user and routes at once, so the
 * console opens in that language.
 */
export async function startSession(token: string): Promise<CurrentUser> {
  const user = await fetchCurrentUser(undefined, token);
  // A text that fails to load must not keep the user out: the console loads it again on use.
  await applySessionLocale(user.language).catch(() => undefined);
  useSessionStore.setState({ token, user, company: user.company, accessRoutes: true, signedOut: false });
  return user;
}
