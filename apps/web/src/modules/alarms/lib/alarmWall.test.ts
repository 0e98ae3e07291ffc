import { describe, expect, it } from 'vitest';
import type { AlarmPush, AlarmView } from '@smartdata/domain';
import { BLINK_MS, blinkingIds, groupByLevel, isNewSevereAlarm } from './alarmWall';

function alarm(id: number, level: 1 | 2 | 3, lastTime: number, state: AlarmView['state'] = 'active'): AlarmView {
  return {
    id, ruleId: 1, watchId: null, ruleName: 'r', target: { kind: 'deviceOnline', deviceId: 1 }, targetName: 't', level, state, source: 2,
    value: 1, valueTime: lastTime, kind: 'threshold', firstTime: lastTime, lastTime, count: 1,
    ackBy: null, ackByName: null, ackTime: null, ackNote: null, clearBy: null, clearByName: null, clearTime: null, clearNote: null,
  };
}
const push = (event: AlarmPush['event'], a: AlarmView): AlarmPush => ({ event, nodeId: 1, alarm: a });

describe('alarm wall', () => {
  it('puts open alarms in their level column, newest first, without cleared ones or duplicates', () => {
    const columns = groupByLevel([alarm(1, 3, 10), alarm(2, 3, 30), alarm(3, 1, 5, 'acknowledged'), alarm(4, 2, 1, 'cleared'), alarm(2, 3, 30)]);
    expect(columns[3].map((a) => a.id)).toEqual([2, 1]);
    expect(columns[2]).toEqual([]);
    expect(columns[1].map((a) => a.id)).toEqual([3]);
  });

  it('calls a new or newly escalated level-3 alarm news, nothing else', () => {
    expect(isNewSevereAlarm(push('opened', alarm(1, 3, 1)), undefined)).toBe(true);
    expect(isNewSevereAlarm(push('opened', alarm(1, 2, 1)), undefined)).toBe(false);
    expect(isNewSevereAlarm(push('changed', alarm(1, 3, 1)), 2)).toBe(true);
    expect(isNewSevereAlarm(push('changed', alarm(1, 3, 1)), 3)).toBe(false);
    expect(isNewSevereAlarm(push('reminder', alarm(1, 3, 1)), 3)).toBe(false);
    expect(isNewSevereAlarm(push('acknowledged', alarm(1, 3, 1, 'acknowledged')), 3)).toBe(false);
  });

  it('keeps blinking for a while after arrival', () => {
    const arrivals = new Map([[1, 1000], [2, 1000 + BLINK_MS]]);
    expect([...blinkingIds(arrivals, 1000 + BLINK_MS)]).toEqual([2]);
  });
});
