import type { AlarmLevel, AlarmPush, AlarmView } from '@smartdata/domain';

/** The wall's columns, most severe first. */
export const wallLevels: readonly AlarmLevel[] = [3, 2, 1];

/** Open alarms (not cleared) by level, each column newest trigger first. */
export function groupByLevel(alarms: readonly AlarmView[]): Record<AlarmLevel, AlarmView[]> {
  const columns: Record<AlarmLevel, AlarmView[]> = { 1: [], 2: [], 3: [] };
  const seen = new Set<number>();
  for (const alarm of alarms) {
    if (alarm.state === 'cleared' || seen.has(alarm.id)) {
      continue;
    }
    seen.add(alarm.id);
    columns[alarm.level].push(alarm);
  }
  for (const level of wallLevels) {
    columns[level].sort((a, b) => b.lastTime - a.lastTime || b.id - a.id);
  }
  return columns;
}

/**
 * Whether a push announces a new level-3 alarm for the wall to blink and beep about: a new alarm
 * at level 3, or an open alarm that has just risen to level 3. Reminders, acknowledgements and
 * clearings are not news.
 */
export function isNewSevereAlarm(push: AlarmPush, knownLevel: number | undefined): boolean {
  if (push.alarm.level !== 3 || push.alarm.state === 'cleared') {
    return false;
  }
  if (push.event === 'opened') {
    return true;
  }
  return push.event === 'changed' && knownLevel !== undefined && knownLevel < 3;
}

/** How long a new level-3 alarm blinks on the wall. */
export const BLINK_MS = 15_000;

/** The ids still blinking at `now`, from their arrival times (the rest are dropped). */
export function blinkingIds(arrivals: ReadonlyMap<number, number>, now: number): Set<number> {
  const ids = new Set<number>();
  for (const [id, at] of arrivals) {
    if (now - at < BLINK_MS) {
      ids.add(id);
    }
  }
  return ids;
}
