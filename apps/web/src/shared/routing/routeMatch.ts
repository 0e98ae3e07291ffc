import { matchPath } from 'react-router';
import { productTitle, type Locale } from '@smartdata/domain';
import type { Localized } from '@/shared/i18n/locale';
import { isRouteGroup, type ResolvedRoute, type RouteEntry } from './types';

/**
 * Pure functions over the route table that the entry needs (the router and the title of /login):
 * no permission checks and no module pages, so that neither lands in the sign-in page's bundle.
 * routeAccess.ts re-exports them with the rest.
 */

export function flattenRoutes(table: RouteEntry[]): ResolvedRoute[] {
  return table.flatMap((entry): ResolvedRoute[] =>
    isRouteGroup(entry) ? entry.children.map((def) => ({ def, group: entry })) : [{ def: entry, group: null }],
  );
}

export interface MatchedRoute extends ResolvedRoute {
  params: Record<string, string | undefined>;
}

/** The route whose pattern matches a pathname (case-sensitive, as the spec's paths are). */
export function matchRoute(routes: ResolvedRoute[], pathname: string): MatchedRoute | null {
  for (const route of routes) {
    const match = matchPath({ path: route.def.path, caseSensitive: true, end: true }, pathname);
    if (match) {
      return { ...route, params: match.params };
    }
  }
  return null;
}

/** Document title: `<route title> - <product title>` (spec §2), the product title alone otherwise. */
export function documentTitle(title: Localized | null | undefined, locale: Locale): string {
  return title ? `${title[locale]} - ${productTitle[locale]}` : productTitle[locale];
}
