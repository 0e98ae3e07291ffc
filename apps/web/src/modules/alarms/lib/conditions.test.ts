import { describe, expect, it } from 'vitest';
import { conditionText, durationParts, isLastingPreset, levelsHighestFirst, type ConditionTexts } from './conditions';

const texts: ConditionTexts = {
  level: (level) => `L${level}`,
  duration: ({ value, unit }) => `${value} ${unit}`,
  lasting: (duration) => `, for ${duration}`,
  repeating: (count) => `, ${count} values in a row`,
};

describe('conditions', () => {
  it('splits a duration into its largest whole unit', () => {
    expect(durationParts(1800)).toEqual({ value: 30, unit: 'minutes' });
    expect(durationParts(43_200)).toEqual({ value: 12, unit: 'hours' });
    expect(durationParts(90)).toEqual({ value: 90, unit: 'seconds' });
    expect(durationParts(120)).toEqual({ value: 2, unit: 'minutes' });
  });

  it('knows the lasting presets of spec §9', () => {
    expect([1800, 3600, 43_200, 86_400].every(isLastingPreset)).toBe(true);
    expect(isLastingPreset(600)).toBe(false);
    expect(isLastingPreset(undefined)).toBe(false);
  });

  it('writes each kind of condition as one line', () => {
    expect(conditionText({ level: 3, op: 'gte', threshold: 80, kind: 'simple' }, texts)).toBe('L3 ≥ 80');
    expect(conditionText({ level: 2, op: 'gt', threshold: 50, kind: 'lasting', seconds: 3600 }, texts)).toBe('L2 > 50, for 1 hours');
    expect(conditionText({ level: 1, op: 'ne', threshold: 0, kind: 'repeating', count: 3 }, texts, false)).toBe('≠ 0, 3 values in a row');
  });

  it('orders levels highest first without touching the input', () => {
    const levels = [{ level: 1 }, { level: 3 }, { level: 2 }];
    expect(levelsHighestFirst(levels).map((l) => l.level)).toEqual([3, 2, 1]);
    expect(levels.map((l) => l.level)).toEqual([1, 3, 2]);
  });
});
