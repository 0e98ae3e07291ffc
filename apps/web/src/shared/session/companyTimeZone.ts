import { defaultTimeZone } from '@smartdata/domain';
import { useSessionStore } from './sessionStore';

/**
 * The time zone every date and time of the console is shown and read in: the current company's
 * (DESIGN §5; default Asia/Shanghai), never the browser's, so a board, a records table and a chart
 * on one screen show the same wall clock.
 */
export function useCompanyTimeZone(): string {
  return useSessionStore((state) => state.company?.timeZone) || defaultTimeZone;
}

/** The same, read once at render time (formatters outside React hooks). */
export function companyTimeZone(): string {
  return useSessionStore.getState().company?.timeZone || defaultTimeZone;
}
