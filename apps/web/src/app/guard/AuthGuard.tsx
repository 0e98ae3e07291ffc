import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpin } from '@/shared/components/PageSpin';
import { useSessionStore } from '@/shared/session/sessionStore';
import { lazyPage } from '@/shared/utils/lazyPage';
import { loadConsoleLayout, loadConsoleSession } from '@/app/router/consoleChunks';
import { loginPathFor } from '@/app/router/redirect';
import { LOGIN_PATH } from '@/app/router/routeTable';

// Everything behind the token is in the console's chunks: data (TanStack Query), the session
// loading, the user notice and the modules' pages. The shell is fetched at the same time.
const ConsoleSession = lazyPage(() => {
  void loadConsoleLayout();
  return loadConsoleSession();
}, 'ConsoleSession');

/**
 * Guard of every route but /login (spec §2): without a token → /login?redirect=<wanted path>;
 * with a token, the console session (ConsoleSession) loads the user and their routes once per
 * session and shows the user notice when it has not been agreed to (spec §4).
 */
export function AuthGuard() {
  const token = useSessionStore((state) => state.token);
  const signedOut = useSessionStore((state) => state.signedOut);
  const location = useLocation();

  if (!token) {
    // After a logout the next user starts from /login, not from the previous user's page.
    return <Navigate to={signedOut ? LOGIN_PATH : loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  return (
    <Suspense fallback={<PageSpin fullscreen />}>
      <ConsoleSession />
    </Suspense>
  );
}
