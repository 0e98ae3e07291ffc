import { Navigate } from 'react-router';
import { firstPermittedPath } from './routeAccess';
import { NOT_FOUND_PATH } from './routeTable';
import type { RouteGroup } from './types';
import { useMenuCodes } from './useMenuCodes';

/** A group path (/smartdata, breadcrumb links) opens the group's first permitted page. */
export function GroupRedirect({ group }: { group: RouteGroup }) {
  const codes = useMenuCodes();
  return <Navigate to={firstPermittedPath(group, codes) ?? NOT_FOUND_PATH} replace />;
}
