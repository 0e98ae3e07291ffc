import { defaultTimeZone } from '@smartdata/domain';

export interface TimeZoneOption {
  value: string;
  label: string;
}

/** `GMT+08:00` → `UTC+08:00`; `GMT` → `UTC+00:00`. */
function offsetOf(timeZone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((item) => item.type === 'timeZoneName')?.value;
    if (!part || part === 'GMT') {
      return 'UTC+00:00';
    }
    return part.replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

let cached: TimeZoneOption[] | null = null;

/**
 * The IANA time zones the browser knows, each labelled with its current UTC offset, with
 * Asia/Shanghai (the default) first. Computed once.
 */
export function timeZoneOptions(): TimeZoneOption[] {
  if (cached) {
    return cached;
  }
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [defaultTimeZone, 'UTC'];
  const now = new Date();
  const all = [...new Set([defaultTimeZone, ...zones, 'UTC'])];
  cached = all.map((zone) => ({ value: zone, label: `${zone} (${offsetOf(zone, now)})` }));
  return cached;
}

/** A label for a zone that may be missing from the browser's list (an older name). */
export function timeZoneLabel(zone: string): string {
  return timeZoneOptions().find((option) => option.value === zone)?.label ?? zone;
}
