import { addScheduledRequest, type AddScheduledRequest, type MissedRunPolicy, type ScheduledView } from '@smartdata/domain';
import { defaultScheduleValues, scheduleOf, scheduleValuesOf, type ScheduleValues } from './schedule';
import type { Checked } from './ruleForm';

/** The values of the scheduled task dialog. */
export interface ScheduledFormValues extends ScheduleValues {
  name: string;
  enabled: boolean;
  executableId?: number;
  missedRuns: MissedRunPolicy;
}

/** A new scheduled task: every day at 08:00, missed runs once. */
export const newScheduledValues = (): ScheduledFormValues => ({ ...defaultScheduleValues, dailyTime: '08:00', name: '', enabled: true, missedRuns: 'once' });

export function scheduledFormValues(view: ScheduledView, timeZone: string): ScheduledFormValues {
  return { ...scheduleValuesOf(view.schedule, timeZone), name: view.name, enabled: view.enabled, executableId: view.executableId, missedRuns: view.missedRuns };
}

/** The dialog's values → the request, checked with the domain's schema (a text key when it cannot be sent). */
export function checkScheduled(values: ScheduledFormValues, timeZone: string): Checked<AddScheduledRequest> {
  const schedule = scheduleOf(values, timeZone);
  if (!schedule) {
    return { ok: false, reason: values.scheduleKind === 'once' ? 'task.onceInvalid' : 'task.cronInvalid' };
  }
  const parsed = addScheduledRequest.safeParse({ name: values.name.trim(), enabled: values.enabled, executableId: values.executableId, schedule, missedRuns: values.missedRuns });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    return { ok: false, reason: message && /^(task|validation)\./.test(message) ? message : 'validation.invalid' };
  }
  return { ok: true, request: parsed.data };
}
