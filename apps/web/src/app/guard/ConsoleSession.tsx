import { Suspense } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { RedirectPage } from '@/app/pages/RedirectPage';
import { queryClient } from '@/app/providers/queryClient';
import { ConsoleElementsContext, type ConsoleElements, type ConsoleRouteHandle } from '@/app/router/consoleElements';
import { GroupRedirect } from '@/app/router/GroupRedirect';
import { NOT_FOUND_PATH } from '@/app/router/routeTable';
import { appRouteTable, isReachable } from '@/app/router/routes';
import { RouteView } from '@/app/router/RouteView';
import { useTabsStore } from '@/app/layout/tabsStore';
import { ConsoleShellContext, type ConsoleShell } from '@/shared/routing/consoleShell';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { PageSpin } from '@/shared/components/PageSpin';
import { useSessionStore } from '@/shared/session/sessionStore';
import { lazyPage } from '@/shared/utils/lazyPage';
import { SessionLoader } from './SessionLoader';

const UserNoticeGate = lazyPage(() => import('@/modules/auth/components/UserNoticeGate'), 'UserNoticeGate');
const PasswordChangeGate = lazyPage(() => import('@/modules/users/components/PasswordChangeGate'), 'PasswordChangeGate');

const consoleElements: ConsoleElements = { RouteView, GroupRedirect, RedirectPage };
const consoleShell: ConsoleShell = { routeTable: appRouteTable, resetTabs: () => useTabsStore.getState().reset() };

/**
 * The console behind the guard (its own chunk, not loaded by the sign-in page): server data
 * through TanStack Query, the route elements that know the modules' pages, and the session —
 * the user and their routes are loaded once per session (`accessRoutes`); a user who has not
 * agreed to the current notice sees it before anything else (spec §4). A route without a page,
 * or one the user may not open, goes to /404 (spec §2) before the shell shows.
 */
export function ConsoleSession() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConsoleElementsContext.Provider value={consoleElements}>
        <ConsoleShellContext.Provider value={consoleShell}>
          <SessionGate />
        </ConsoleShellContext.Provider>
      </ConsoleElementsContext.Provider>
    </QueryClientProvider>
  );
}

function SessionGate() {
  const user = useSessionStore((state) => state.user);
  const accessRoutes = useSessionStore((state) => state.accessRoutes);
  const codes = useMenuCodes();
  const matches = useMatches();
  const route = (matches[matches.length - 1]?.handle as ConsoleRouteHandle | undefined)?.consoleRoute;

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
  // Someone else chose the password: the server answers nothing else until it is changed.
  if (user.mustChangePassword) {
    return (
      <Suspense fallback={<PageSpin fullscreen />}>
        <PasswordChangeGate />
      </Suspense>
    );
  }
  if (route && !isReachable(route, codes)) {
    return <Navigate to={NOT_FOUND_PATH} replace />;
  }
  return <Outlet />;
}
