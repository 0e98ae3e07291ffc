import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageSpin } from '@/shared/components/PageSpin';
import { NOT_FOUND_PATH } from './routeTable';
import { isReachable, pageOf } from './routes';
import type { ResolvedRoute } from '@/shared/routing/types';
import { useMenuCodes } from '@/shared/session/useMenuCodes';

/**
 * Renders a console route's page (the one its module registered) when the user may open it
 * (spec §2), otherwise goes to /404: a route without a page is not reachable.
 */
export function RouteView({ route }: { route: ResolvedRoute }) {
  const codes = useMenuCodes();
  const Page = pageOf(route.def.path);
  if (!Page || !isReachable(route, codes)) {
    return <Navigate to={NOT_FOUND_PATH} replace />;
  }
  return (
    <Suspense fallback={<PageSpin fullscreen={route.def.fullscreen === true} />}>
      <Page />
    </Suspense>
  );
}
