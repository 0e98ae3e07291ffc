import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageSpin } from '@/shared/components/PageSpin';
import { AuthGuard } from '@/app/guard/AuthGuard';
import { PublicOnlyRoute } from '@/app/guard/PublicOnlyRoute';
import { RouteErrorPage } from '@/app/pages/RouteErrorPage';
import { lazyPage } from '@/shared/utils/lazyPage';
import { ConsoleGroupRedirect, ConsoleRedirectPage, ConsoleRouteView, type ConsoleRouteHandle } from './consoleElements';
import { loadConsoleLayout } from './consoleChunks';
import { publicPages } from './publicPages';
import { flattenRoutes } from '@/shared/routing/routeMatch';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, REDIRECT_PATH, routeTable } from './routeTable';
import { isRouteGroup, type PageComponent, type ResolvedRoute } from '@/shared/routing/types';
import { useDocumentTitle } from './useDocumentTitle';

// The shell is its own chunk: the sign-in page does not load the menu, tabs or navbar.
const ConsoleLayout = lazyPage(loadConsoleLayout, 'ConsoleLayout');

/** Sets the document title; waits (spinner) while a module's texts load. */
function RootRoute() {
  useDocumentTitle();
  return (
    <Suspense fallback={<PageSpin fullscreen />}>
      <Outlet />
    </Suspense>
  );
}

/** A console page's route object (behind the guard). */
function consoleRoute(route: ResolvedRoute): RouteObject {
  const handle: ConsoleRouteHandle = { consoleRoute: route };
  return { path: route.def.path, handle, element: <ConsoleRouteView route={route} /> };
}

function PublicPage({ page: Page }: { page: PageComponent }) {
  return (
    <Suspense fallback={<PageSpin fullscreen />}>
      <Page />
    </Suspense>
  );
}

/**
 * Builds the router from the route table (history mode). The entry knows only the table, not
 * the modules' pages: /login and /verify/:code get theirs from publicPages.ts; every other
 * route is behind the guard, whose console chunk knows the registered pages and sends a route
 * without a page, or one the user may not open, to /404 (app/guard/ConsoleSession).
 */
export function buildRouteObjects(): RouteObject[] {
  const routes = flattenRoutes(routeTable);
  const publicRoutes = routes.filter((route) => route.def.public && publicPages[route.def.path]);
  const fullscreen = routes.filter((route) => !route.def.public && route.def.fullscreen);
  const inLayout = routes.filter((route) => !route.def.public && !route.def.fullscreen);
  const groups = routeTable.filter(isRouteGroup);

  return [
    {
      element: <RootRoute />,
      errorElement: <RouteErrorPage />,
      children: [
        ...publicRoutes.map((route) => ({
          path: route.def.path,
          // Only sign-in sends a signed-in user on; a certificate's verification page is for anyone.
          element:
            route.def.path === LOGIN_PATH ? (
              <PublicOnlyRoute>
                <PublicPage page={publicPages[route.def.path]} />
              </PublicOnlyRoute>
            ) : (
              <PublicPage page={publicPages[route.def.path]} />
            ),
        })),
        {
          element: <AuthGuard />,
          children: [
            { path: '/', element: <Navigate to={HOME_PATH} replace /> },
            ...fullscreen.map(consoleRoute),
            {
              element: <ConsoleLayout />,
              children: [
                ...inLayout.map(consoleRoute),
                ...groups.map((group) => ({ path: group.path, element: <ConsoleGroupRedirect group={group} /> })),
                { path: `${REDIRECT_PATH}/*`, element: <ConsoleRedirectPage /> },
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
