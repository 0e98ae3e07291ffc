import type { ComponentType } from 'react';
import type { Localized } from '@/shared/i18n/locale';

/** A page a module provides: usually `lazy(() => import(...))`, so each route is its own chunk. */
export type PageComponent = ComponentType;

/** What a module registers: full route path (as in the route table) → its page. */
export type ModuleRoutes = Readonly<Record<string, PageComponent>>;

/** Icon names the layout knows (kept as names so the route table stays plain data). */
export type RouteIconName =
  | 'home'
  | 'smartData'
  | 'tasks'
  | 'monitoring'
  | 'devices'
  | 'sales'
  | 'production'
  | 'inventory'
  | 'gas'
  | 'settings'
  | 'users'
  | 'personal'
  | 'maintenance'
  | 'test';

/** One page of the console. */
export interface RouteDef {
  /** Absolute path pattern, e.g. `/taskmanagement/taskdefine/taskconfig/:taskId`. */
  path: string;
  /** Permission code of spec §6 (or a section code of the domain), `none` when none is needed. */
  permission: string;
  title: Localized;
  /** Not listed in the menu (detail pages, full-screen views). */
  hidden?: boolean;
  /** A fixed tab that cannot be closed (/home). */
  affix?: boolean;
  /** Re-mounted on every visit instead of kept alive while another tab is open (/home). */
  noCache?: boolean;
  /** Rendered on its own, without sidebar, navbar and tabs (dashboards, big screen, reports). */
  fullscreen?: boolean;
  /** Reachable without a token: /login (spec §2) and a certificate's /verify/:code (issue 20). */
  public?: boolean;
  icon?: RouteIconName;
  /** The page, filled in from the module registrations; without it the route does not exist. */
  element?: PageComponent;
}

/** A menu group (/smartdata, /taskmanagement, ...) with its pages. */
export interface RouteGroup {
  path: string;
  permission: string;
  title: Localized;
  icon: RouteIconName;
  children: RouteDef[];
}

export type RouteEntry = RouteDef | RouteGroup;

export function isRouteGroup(entry: RouteEntry): entry is RouteGroup {
  return 'children' in entry;
}

/** A page together with the group it belongs to (if any). */
export interface ResolvedRoute {
  def: RouteDef;
  group: RouteGroup | null;
}
