import { attachElements, flattenRoutes, unknownRegistrations } from './routeAccess';
import { moduleRoutes } from './moduleRoutes';
import { routeTable } from './routeTable';

/** The route table with the modules' pages attached: the one source for router, menu and tabs. */
export const appRouteTable = attachElements(routeTable, moduleRoutes);
export const appRoutes = flattenRoutes(appRouteTable);

if (import.meta.env.DEV) {
  const unknown = unknownRegistrations(routeTable, moduleRoutes);
  if (unknown.length > 0) {
    console.error('Modules registered pages for paths the route table does not declare:', unknown);
  }
}
