import { alarmLimits, type AddUpdateWatchRequest, type RuleNotify, type UpdateWatchView } from '@smartdata/domain';
import { formatClock, parseClock } from './ruleForm';

/** What the update-watch form edits: every N minutes (a preset or custom) or daily by a time. */
export interface WatchFormValues {
  itemId?: number;
  fieldName?: string | null;
  mode: 'every' | 'daily';
  every: number | 'custom';
  customMinutes?: number | null;
  dailyAt: string;
  level: number;
  remindMinutes?: number | null;
  enabled: boolean;
  /** Who is told when the item stops updating (issue 32); absent: in the app only. */
  notify?: Partial<RuleNotify>;
}

const isPreset = (minutes: number) => (alarmLimits.everyMinutesPresets as readonly number[]).includes(minutes);

export function newWatchValues(): WatchFormValues {
  return { mode: 'every', every: 5, dailyAt: '09:00', level: 2, remindMinutes: 0, enabled: true };
}

/** A saved watch as the form edits it. */
export function watchFormValues(watch: UpdateWatchView): WatchFormValues {
  const daily = watch.dailyAtMinute !== null;
  return {
    itemId: watch.itemId,
    fieldName: watch.fieldName,
    mode: daily ? 'daily' : 'every',
    every: !daily && isPreset(watch.everyMinutes) ? watch.everyMinutes : daily ? 5 : 'custom',
    customMinutes: !daily && !isPreset(watch.everyMinutes) ? watch.everyMinutes : null,
    dailyAt: daily ? formatClock(watch.dailyAtMinute ?? 0) : '09:00',
    level: watch.level,
    remindMinutes: watch.remindMinutes,
    enabled: watch.enabled,
    notify: watch.notify,
  };
}

/**
 * The form's values as the request. A daily watch still sends `everyMinutes` (the contract
 * requires it): one day, which is what "daily" means when the server looks at the interval.
 */
export function watchRequestOf(values: WatchFormValues): AddUpdateWatchRequest {
  const daily = values.mode === 'daily';
  const dailyAtMinute = daily ? parseClock(values.dailyAt) : null;
  const every = values.every === 'custom' ? (values.customMinutes ?? Number.NaN) : values.every;
  return {
    itemId: values.itemId ?? 0,
    ...(values.fieldName ? { fieldName: values.fieldName } : {}),
    everyMinutes: daily ? 1440 : every,
    level: values.level,
    remindMinutes: values.remindMinutes ?? 0,
    ...(daily ? { dailyAtMinute: dailyAtMinute === null ? Number.NaN : Math.min(dailyAtMinute, 1439) } : {}),
    enabled: values.enabled,
    ...(values.notify ? { notify: notifyOf(values.notify) } : {}),
  };
}

/** The form's partial notification as the contract's whole one. */
function notifyOf(n: Partial<RuleNotify>): RuleNotify {
  return {
    userIds: n.userIds ?? [],
    groupIds: n.groupIds ?? [],
    delegations: n.delegations === true,
    email: n.email === true,
    sms: n.sms === true,
    channelIds: n.channelIds ?? [],
    notifyOnClear: n.notifyOnClear === true,
  };
}
