import { describe, expect, it } from 'vitest';
import { addUpdateWatchRequest, type UpdateWatchView } from '@smartdata/domain';
import { newWatchValues, watchFormValues, watchRequestOf } from './watchForm';

const watch: UpdateWatchView = {
  id: 1, itemId: 4, itemName: '抄表', fieldName: null, everyMinutes: 1440, dailyAtMinute: 570, level: 2, remindMinutes: 60, enabled: true,
  lastRecordTime: null, deadline: null, alarmId: null, notify: { userIds: [], groupIds: [], delegations: false, email: false, sms: false, channelIds: [], notifyOnClear: false },
};

describe('update-watch form', () => {
  it('sends a preset frequency, without a field when none is chosen', () => {
    const request = watchRequestOf({ ...newWatchValues(), itemId: 4, every: 10 });
    expect(request).toEqual({ itemId: 4, everyMinutes: 10, level: 2, remindMinutes: 0, enabled: true });
    expect(addUpdateWatchRequest.safeParse(request).success).toBe(true);
  });

  it('sends a custom frequency and a field of an IoT list', () => {
    const request = watchRequestOf({ ...newWatchValues(), itemId: 4, fieldName: 'temperature', every: 'custom', customMinutes: 30 });
    expect(request).toMatchObject({ fieldName: 'temperature', everyMinutes: 30 });
  });

  it('round-trips a daily watch', () => {
    const values = watchFormValues(watch);
    expect(values).toMatchObject({ mode: 'daily', dailyAt: '09:30' });
    const request = watchRequestOf(values);
    expect(request).toEqual({ itemId: 4, everyMinutes: 1440, level: 2, remindMinutes: 60, dailyAtMinute: 570, enabled: true, notify: watch.notify });
    expect(addUpdateWatchRequest.safeParse(request).success).toBe(true);
  });

  it('reads a custom interval back as custom', () => {
    expect(watchFormValues({ ...watch, dailyAtMinute: null, everyMinutes: 30 })).toMatchObject({ mode: 'every', every: 'custom', customMinutes: 30 });
    expect(watchFormValues({ ...watch, dailyAtMinute: null, everyMinutes: 15 })).toMatchObject({ every: 15, customMinutes: null });
  });

  it('leaves a bad time for the schema to refuse', () => {
    expect(addUpdateWatchRequest.safeParse(watchRequestOf({ ...newWatchValues(), itemId: 4, mode: 'daily', dailyAt: '9h' })).success).toBe(false);
  });
});
