import { describe, expect, it } from 'vitest';
import type { ScheduledView } from '@smartdata/domain';
import { checkScheduled, newScheduledValues, scheduledFormValues } from './scheduledForm';

const sh = 'Asia/Shanghai';

describe('the scheduled task form', () => {
  it('turns a daily time into its cron, with the chosen executable task', () => {
    const checked = checkScheduled({ ...newScheduledValues(), name: ' 每日盘点 ', executableId: 4 }, sh);
    expect(checked).toEqual({ ok: true, request: { name: '每日盘点', enabled: true, executableId: 4, schedule: { cron: '0 8 * * *' }, missedRuns: 'once' } });
  });

  it('says what is missing', () => {
    expect(checkScheduled({ ...newScheduledValues(), name: 'x', executableId: 4, dailyTime: '25:00' }, sh)).toEqual({ ok: false, reason: 'task.cronInvalid' });
    expect(checkScheduled({ ...newScheduledValues(), name: 'x', executableId: 4, scheduleKind: 'once' }, sh)).toEqual({ ok: false, reason: 'task.onceInvalid' });
    expect(checkScheduled({ ...newScheduledValues(), name: 'x' }, sh)).toEqual({ ok: false, reason: 'validation.invalid' });
  });

  it('opens a stored task with its preset', () => {
    const view: ScheduledView = { id: 2, name: 't', enabled: false, executableId: 4, executableName: 'e', schedule: { cron: '*/15 * * * *' }, missedRuns: 'skip', nextRun: null, lastRun: null };
    expect(scheduledFormValues(view, sh)).toMatchObject({ scheduleKind: 'everyMinutes', everyMinutes: 15, enabled: false, executableId: 4, missedRuns: 'skip' });
  });
});
