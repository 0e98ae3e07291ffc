/**
 * The console's lazy chunks. The guard starts loading the shell together with the console's
 * session chunk (AuthGuard), so a signed-in page load does not wait for one before the other.
 */
export const loadConsoleSession = () => import('@/app/guard/ConsoleSession');
export const loadConsoleLayout = () => import('@/app/layout/ConsoleLayout');
