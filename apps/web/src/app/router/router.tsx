import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageSpin } from '@/shared/components/PageSpin';
import { AuthGuard } from '@/app/guard/AuthGuard';
import { PublicOnlyRoute } from '@/app/guard/PublicOnlyRoute';
import { RouteErrorPage } from '@/app/pages/RouteErrorPage';
import { RedirectPage } from '@/app/pages/RedirectPage';
import { lazyPage } from '@/shared/utils/lazyPage';
import { GroupRedirect } from './GroupRedirect';
import { RouteView } from './RouteView';
import { HOME_PATH, NOT_FOUND_PATH, REDIRECT_PATH } from './routeTable';
import { appRouteTable, appRoutes } from './routes';
import { isRouteGroup } from './types';
import { useDocumentTitle } from './useDocumentTitle';

// The shell is its own chunk: the sign-in page does not load the menu, tabs or navbar.
const ConsoleLayout = lazyPage(() => import('@/app/layout/ConsoleLayout'), 'ConsoleLayout');

/** Sets the document title; waits (spinner) while a module's texts load. */
function RootRoute() {
  useDocumentTitle();
  return (
    <Suspense fallback={<PageSpin fullscreen />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * Builds the router from the route table (history mode). Only routes whose module registered a
 * page exist; everything else falls through to /404.
 */
export function buildRouteObjects(): RouteObject[] {
  const existing = appRoutes.filter((route) => route.def.element !== undefined);
  const publicRoutes = existing.filter((route) => route.def.public);
  const fullscreen = existing.filter((route) => !route.def.public && route.def.fullscreen);
  const inLayout = existing.filter((route) => !route.def.public && !route.def.fullscreen);
  const groups = appRouteTable.filter(isRouteGroup).filter((group) => group.children.some((def) => def.element));

  return [
    {
      element: <RootRoute />,
      errorElement: <RouteErrorPage />,
      children: [
        ...publicRoutes.map((route) => ({
          path: route.def.path,
          element: (
            <PublicOnlyRoute>
              <RouteView route={route} />
            </PublicOnlyRoute>
          ),
        })),
        {
          element: <AuthGuard />,
          children: [
            { path: '/', element: <Navigate to={HOME_PATH} replace /> },
            ...fullscreen.map((route) => ({ path: route.def.path, element: <RouteView route={route} /> })),
            {
              element: <ConsoleLayout />,
              children: [
                ...inLayout.map((route) => ({ path: route.def.path, element: <RouteView route={route} /> })),
                ...groups.map((group) => ({ path: group.path, element: <GroupRedirect group={group} /> })),
                { path: `${REDIRECT_PATH}/*`, element: <RedirectPage /> },
              ],
            },
            { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
