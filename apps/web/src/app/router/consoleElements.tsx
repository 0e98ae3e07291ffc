import { createContext, useContext, type ComponentType } from 'react';
import type { ResolvedRoute, RouteGroup } from '@/shared/routing/types';

/**
 * The console's route elements, handed down by the guard's console chunk (app/guard/ConsoleSession).
 *
 * The router is built in the entry from the bare route table, so that the sign-in page loads
 * neither the modules' page registry (moduleRoutes.ts, which grows with every module) nor the
 * permission checks, TanStack Query or the session loading. Every console route sits behind the
 * guard, which renders the console chunk first; that chunk provides the real elements here, so
 * they render without a second lazy step.
 */
export interface ConsoleElements {
  RouteView: ComponentType<{ route: ResolvedRoute }>;
  GroupRedirect: ComponentType<{ group: RouteGroup }>;
  RedirectPage: ComponentType;
}

/**
 * The `handle` of a console page's route object: the table route it stands for, so the console
 * can send a route without a page, or one the user may not open, to /404 before the shell
 * renders (no tab, no menu flash).
 */
export interface ConsoleRouteHandle {
  consoleRoute: ResolvedRoute;
}

export const ConsoleElementsContext = createContext<ConsoleElements | null>(null);

function useConsoleElements(): ConsoleElements {
  const elements = useContext(ConsoleElementsContext);
  if (!elements) {
    throw new Error('Console routes render behind the guard (AuthGuard → ConsoleSession)');
  }
  return elements;
}

/** A console page (the route's registered page, when the user may open it). */
export function ConsoleRouteView({ route }: { route: ResolvedRoute }) {
  const { RouteView } = useConsoleElements();
  return <RouteView route={route} />;
}

/** A group path: its first permitted page. */
export function ConsoleGroupRedirect({ group }: { group: RouteGroup }) {
  const { GroupRedirect } = useConsoleElements();
  return <GroupRedirect group={group} />;
}

/** /redirect/<path>: re-renders a page (refresh). */
export function ConsoleRedirectPage() {
  const { RedirectPage } = useConsoleElements();
  return <RedirectPage />;
}
