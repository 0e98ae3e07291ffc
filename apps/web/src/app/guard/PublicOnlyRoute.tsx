import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useSessionStore } from '@/shared/session/sessionStore';
import { safeRedirect } from '@/app/router/redirect';

/**
 * /login: a signed-in user is sent on — to the `redirect` target after signing in, to the root
 * otherwise (spec §2).
 */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  const accessRoutes = useSessionStore((state) => state.accessRoutes);
  const [searchParams] = useSearchParams();
  if (token && accessRoutes) {
    return <Navigate to={safeRedirect(searchParams.get('redirect')) ?? '/'} replace />;
  }
  return children;
}
