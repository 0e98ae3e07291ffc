import { createContext, useContext } from 'react';
import type { RouteEntry } from './types';

/**
 * What the console shell (apps/web/src/app) gives the module pages: the route table with the
 * modules' pages attached, and the reset of the visited tabs. Handed down through context rather
 * than imported, because the shell imports every module's routes: a module importing the shell
 * back would close an import cycle (and modules do not import the shell, eslint.config.mjs).
 * Provided by app/guard/ConsoleSession.
 */
export interface ConsoleShell {
  /** The route table with each module's page attached (app/router/routes.ts `appRouteTable`). */
  routeTable: RouteEntry[];
  /** Closes every visited tab: a company switch starts a new session (spec §2). */
  resetTabs: () => void;
}

export const ConsoleShellContext = createContext<ConsoleShell>({ routeTable: [], resetTabs: () => undefined });

export function useConsoleShell(): ConsoleShell {
  return useContext(ConsoleShellContext);
}
