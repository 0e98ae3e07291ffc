import { defaultTimeZone } from '@smartdata/domain';
import { useSessionStore } from '@/shared/session/sessionStore';

/** The current company's time zone: date-times, days and time presets of records are the company's. */
export function useCompanyTimeZone(): string {
  return useSessionStore((state) => state.company?.timeZone) || defaultTimeZone;
}
