import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/shared/api/client';
import { useSessionStore } from '@/shared/session/sessionStore';

/**
 * Logout (spec §4): revokes the token on the server, then clears token, user, company and the
 * access-route flag. The server call is best effort: a dead token must not keep the user in.
 */
export async function logout(): Promise<void> {
  try {
    await api.get<null>('/user/access/logout', undefined, { silent: true });
  } catch {
    // The session is cleared below in every case.
  }
  useSessionStore.getState().signOut();
}

/** Logs out and goes to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate('/login', { replace: true });
  }, [navigate]);
}
