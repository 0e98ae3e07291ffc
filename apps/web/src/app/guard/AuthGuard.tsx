import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpin } from '@/shared/components/PageSpin';
import { useSessionStore } from '@/shared/session/sessionStore';
import { lazyPage } from '@/shared/utils/lazyPage';
import { loginPathFor } from '@/app/router/redirect';
import { LOGIN_PATH } from '@/app/router/routeTable';
import { SessionLoader } from './SessionLoader';

const UserNoticeGate = lazyPage(() => import('@/modules/auth/components/UserNoticeGate'), 'UserNoticeGate');

/**
 * Guard of every route but /login (spec §2): without a token → /login?redirect=<wanted path>;
 * with a token, the user and their routes are loaded once per session (`accessRoutes`); a user
 * who has not agreed to the current notice sees it before anything else (spec §4).
 */
export function AuthGuard() {
  const token = useSessionStore((state) => state.token);
  const user = useSessionStore((state) => state.user);
  const accessRoutes = useSessionStore((state) => state.accessRoutes);
  const signedOut = useSessionStore((state) => state.signedOut);
  const location = useLocation();

  if (!token) {
    // After a logout the next user starts from /login, not from the previous user's page.
    return <Navigate to={signedOut ? LOGIN_PATH : loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (!accessRoutes || !user) {
    return <SessionLoader />;
  }
  if (!user.notice.agreed) {
    return (
      <Suspense fallback={<PageSpin fullscreen />}>
        <UserNoticeGate />
      </Suspense>
    );
  }
  return <Outlet />;
}
