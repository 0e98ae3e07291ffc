import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useSessionStore } from '@/shared/session/sessionStore';
import { safeRedirect } from '@/app/router/redirect';

/**
 * /login: a signed-in user is sent on — to the `redirect` target after signing in, to the root
 * otherwise (spec §2).
 */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  // Sign-in stores the token together with the user (startSession), so a token here means a
  // session; the guard behind the root loads the user if this tab has not yet.
  const token = useSessionStore((state) => state.token);
  const [searchParams] = useSearchParams();
  if (token) {
    return <Navigate to={safeRedirect(searchParams.get('redirect')) ?? '/'} replace />;
  }
  return children;
}
