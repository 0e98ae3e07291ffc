import { canSee } from '@smartdata/domain';
import type { Localized } from '@/shared/i18n/locale';
import { flattenRoutes } from './routeMatch';
import {
  isRouteGroup,
  type ModuleRoutes,
  type ResolvedRoute,
  type RouteDef,
  type RouteEntry,
  type RouteGroup,
  type RouteIconName,
} from './types';

/**
 * Pure functions over the route table: attach module pages, filter by the user's codes (spec §2:
 * a route shows when its permission is `none` or among the codes), build the menu, match a path
 * and build the page title. Matching and titles live in routeMatch.ts (the entry needs them
 * without the permission checks) and are re-exported here.
 */

export { documentTitle, flattenRoutes, matchRoute, type MatchedRoute } from './routeMatch';

/** Returns the table with each route's page taken from the module registrations. */
export function attachElements(table: RouteEntry[], pages: ModuleRoutes): RouteEntry[] {
  const withPage = (def: RouteDef): RouteDef => (pages[def.path] ? { ...def, element: pages[def.path] } : def);
  return table.map((entry) =>
    isRouteGroup(entry) ? { ...entry, children: entry.children.map(withPage) } : withPage(entry),
  );
}

/** Registered paths that the route table does not declare (a module typo). */
export function unknownRegistrations(table: RouteEntry[], pages: ModuleRoutes): string[] {
  const declared = new Set(flattenRoutes(table).map((route) => route.def.path));
  return Object.keys(pages).filter((path) => !declared.has(path));
}

/** The user may open the page: its group's and its own permission are `none` or held. */
export function isPermitted(route: ResolvedRoute, codes: ReadonlySet<string>): boolean {
  return (route.group === null || canSee(route.group.permission, codes)) && canSee(route.def.permission, codes);
}

/** Pages that exist (a module registered them) and that the user may open. */
export function accessibleRoutes(table: RouteEntry[], codes: ReadonlySet<string>): ResolvedRoute[] {
  return flattenRoutes(table).filter((route) => route.def.element !== undefined && isPermitted(route, codes));
}

export interface MenuNode {
  path: string;
  title: Localized;
  icon?: RouteIconName;
  children?: MenuNode[];
}

/** Menu entries a page can have: visible, existing, permitted, and not a full-screen view. */
function inMenu(route: ResolvedRoute, codes: ReadonlySet<string>): boolean {
  return !route.def.hidden && !route.def.fullscreen && route.def.element !== undefined && isPermitted(route, codes);
}

/** The sidebar menu, grouped as the route table; groups without a visible page are left out. */
export function buildMenu(table: RouteEntry[], codes: ReadonlySet<string>): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const entry of table) {
    if (isRouteGroup(entry)) {
      const children = entry.children
        .filter((def) => inMenu({ def, group: entry }, codes))
        .map((def) => ({ path: def.path, title: def.title, icon: def.icon }));
      if (children.length > 0) {
        nodes.push({ path: entry.path, title: entry.title, icon: entry.icon, children });
      }
    } else if (inMenu({ def: entry, group: null }, codes)) {
      nodes.push({ path: entry.path, title: entry.title, icon: entry.icon });
    }
  }
  return nodes;
}

/** A page that can be opened without parameters (menu pages), used as a group's landing page. */
function isLandingPage(def: RouteDef): boolean {
  return !def.hidden && !def.fullscreen && !def.path.includes(':');
}

/** The first page of a group the user may open, or null. */
export function firstPermittedPath(group: RouteGroup, codes: ReadonlySet<string>): string | null {
  const first = group.children.find(
    (def) => isLandingPage(def) && def.element !== undefined && isPermitted({ def, group }, codes),
  );
  return first?.path ?? null;
}

export interface Section {
  group: RouteGroup;
  /** Where the section's entry card leads: its first permitted page. */
  path: string;
}

/** Top-level sections the user can enter (home entry cards). */
export function permittedSections(table: RouteEntry[], codes: ReadonlySet<string>): Section[] {
  return table.flatMap((entry) => {
    if (!isRouteGroup(entry) || !canSee(entry.permission, codes)) {
      return [];
    }
    const path = firstPermittedPath(entry, codes);
    return path ? [{ group: entry, path }] : [];
  });
}
