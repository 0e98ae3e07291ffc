import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageSpin } from '@/shared/components/PageSpin';
import { isPermitted } from './routeAccess';
import { NOT_FOUND_PATH } from './routeTable';
import type { ResolvedRoute } from './types';
import { useMenuCodes } from './useMenuCodes';

/** Renders a route's page when the user may open it (spec §2), otherwise goes to /404. */
export function RouteView({ route }: { route: ResolvedRoute }) {
  const codes = useMenuCodes();
  const Page = route.def.element;
  if (!Page || (!route.def.public && !isPermitted(route, codes))) {
    return <Navigate to={NOT_FOUND_PATH} replace />;
  }
  return (
    <Suspense fallback={<PageSpin fullscreen={route.def.fullscreen === true} />}>
      <Page />
    </Suspense>
  );
}
