import { Navigate } from 'react-router';
import { firstPermittedPath } from '@/shared/routing/routeAccess';
import { NOT_FOUND_PATH } from './routeTable';
import { appGroup } from './routes';
import type { RouteGroup } from '@/shared/routing/types';
import { useMenuCodes } from '@/shared/session/useMenuCodes';

/** A group path (/smartdata, breadcrumb links) opens the group's first permitted page, or /404. */
export function GroupRedirect({ group }: { group: RouteGroup }) {
  const codes = useMenuCodes();
  const withPages = appGroup(group.path);
  return <Navigate to={(withPages && firstPermittedPath(withPages, codes)) ?? NOT_FOUND_PATH} replace />;
}
