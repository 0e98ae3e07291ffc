import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { matchRoute, type MatchedRoute } from '@/shared/routing/routeAccess';
import { appRoutes } from './routes';

/** The route-table entry of the current pathname, if any. */
export function useCurrentRoute(): MatchedRoute | null {
  const { pathname } = useLocation();
  return useMemo(() => matchRoute(appRoutes, pathname), [pathname]);
}
