import { describe, expect, it } from 'vitest';
import { addRuleRequest, type RuleView } from '@smartdata/domain';
import { formatClock, newRuleValues, parseClock, ruleFormValues, ruleRequestOf, windowRowsOf, windowsOf } from './ruleForm';

const rule: RuleView = {
  id: 7,
  name: '锅炉温度',
  enabled: true,
  target: { kind: 'field', itemId: 3, fieldName: 'temperature' },
  targetName: '锅炉数据 · 温度',
  levels: [
    { level: 3, op: 'gt', threshold: 90, kind: 'simple' },
    { level: 2, op: 'gte', threshold: 80, kind: 'lasting', seconds: 1800 },
    { level: 1, op: 'gt', threshold: 70, kind: 'lasting', seconds: 600 },
  ],
  clear: { op: 'lt', threshold: 65 },
  repeatMinutes: 30,
  schedule: { kind: 'weekly', windows: [{ day: 1, startMinute: 1320, endMinute: 360 }, { day: 2, startMinute: 1320, endMinute: 360 }, { day: 6, startMinute: 0, endMinute: 1440 }] },
  notify: { userIds: [4], groupIds: [], delegations: true, email: false, sms: true, channelIds: [], notifyOnClear: true },
  message: '{{@itemName}} 温度 {{temperature}}',
  createTime: 1,
};

describe('rule form', () => {
  it('reads and writes clock times, 24:00 included', () => {
    expect(parseClock('08:30')).toBe(510);
    expect(parseClock('24:00')).toBe(1440);
    expect(parseClock('24:01')).toBeNull();
    expect(parseClock('8:5')).toBeNull();
    expect(parseClock('12:60')).toBeNull();
    expect(formatClock(510)).toBe('08:30');
    expect(formatClock(1440)).toBe('24:00');
  });

  it('expands window rows to one window a day and groups them back', () => {
    const windows = windowsOf([{ days: [3, 1], start: '22:00', end: '06:00' }, { days: [0], start: '00:00', end: '00:00' }]);
    expect(windows).toEqual([
      { day: 1, startMinute: 1320, endMinute: 360 },
      { day: 3, startMinute: 1320, endMinute: 360 },
      { day: 0, startMinute: 0, endMinute: 1440 },
    ]);
    expect(windowRowsOf(windows)).toEqual([
      { days: [1, 3], start: '22:00', end: '06:00' },
      { days: [0], start: '00:00', end: '24:00' },
    ]);
  });

  it('round-trips a saved rule through the form to a valid request', () => {
    const values = ruleFormValues(rule);
    expect(values.levels[1]?.duration).toBe(1800);
    expect(values.levels[2]).toMatchObject({ duration: 'custom', customSeconds: 600 });
    const request = ruleRequestOf(values);
    expect(addRuleRequest.safeParse(request).success).toBe(true);
    expect(request).toEqual({
      name: rule.name,
      enabled: true,
      target: rule.target,
      levels: rule.levels,
      clear: rule.clear,
      repeatMinutes: 30,
      schedule: rule.schedule,
      notify: rule.notify,
      message: rule.message,
    });
    // A blank message is left out: the server composes the alarm text as before.
    expect(ruleRequestOf({ ...values, message: '   ' }).message).toBeUndefined();
  });

  it('leaves a missing threshold for the schema to refuse, and drops the clear condition when off', () => {
    const values = { ...newRuleValues(), name: 'x', itemId: 3, fieldName: 'temperature' };
    const request = ruleRequestOf(values);
    expect(request.clear).toBeUndefined();
    expect(request.schedule).toEqual({ kind: 'always' });
    expect(addRuleRequest.safeParse(request).success).toBe(false);
    values.levels = [{ ...values.levels[0]!, threshold: 5 }];
    expect(addRuleRequest.safeParse(ruleRequestOf(values)).success).toBe(true);
  });

  it('targets a device online state', () => {
    const request = ruleRequestOf({ ...newRuleValues(), name: 'offline', targetKind: 'deviceOnline', deviceId: 9, levels: [{ level: 2, op: 'eq', threshold: 0, kind: 'repeating', count: 3 }] });
    expect(request.target).toEqual({ kind: 'deviceOnline', deviceId: 9 });
    expect(request.levels[0]).toEqual({ level: 2, op: 'eq', threshold: 0, kind: 'repeating', count: 3 });
  });
});
