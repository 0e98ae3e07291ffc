import { attachElements, flattenRoutes, isPermitted, unknownRegistrations } from '@/shared/routing/routeAccess';
import { moduleRoutes } from './moduleRoutes';
import { routeTable } from './routeTable';
import { isRouteGroup, type PageComponent, type ResolvedRoute, type RouteGroup } from '@/shared/routing/types';

/**
 * The route table with the modules' pages attached: the one source for the console's routes,
 * menu and tabs. Only console code imports this (it reaches every module's routes.tsx); the
 * entry builds the router from the bare table (router.tsx), so the sign-in page does not grow
 * with the number of modules.
 */
export const appRouteTable = attachElements(routeTable, moduleRoutes);
export const appRoutes = flattenRoutes(appRouteTable);

const pages = new Map(appRoutes.map((route) => [route.def.path, route.def.element]));

/** The page a module registered for a route-table path, if any. */
export function pageOf(path: string): PageComponent | undefined {
  return pages.get(path);
}

/** The route can be opened: a module registered its page and the user may open it (spec §2). */
export function isReachable(route: ResolvedRoute, codes: ReadonlySet<string>): boolean {
  return pages.get(route.def.path) !== undefined && isPermitted(route, codes);
}

/** A group of the table with its pages attached. */
export function appGroup(path: string): RouteGroup | undefined {
  return appRouteTable.filter(isRouteGroup).find((group) => group.path === path);
}

if (import.meta.env.DEV) {
  const unknown = unknownRegistrations(routeTable, moduleRoutes);
  if (unknown.length > 0) {
    console.error('Modules registered pages for paths the route table does not declare:', unknown);
  }
}
