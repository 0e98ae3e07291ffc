import { describe, expect, it } from 'vitest';
import { conditionHolds, ruleHolds, ruleLoop } from './rules.schemas';

describe('intelligent rule conditions', () => {
  it('compares numbers as numbers, text as text, and never holds on a missing value', () => {
    expect(conditionHolds({ fieldName: 't', op: 'gt', value: 30 }, 30.5)).toBe(true);
    expect(conditionHolds({ fieldName: 't', op: 'gt', value: 30 }, 30)).toBe(false);
    expect(conditionHolds({ fieldName: 't', op: 'gte', value: 30 }, 30)).toBe(true);
    expect(conditionHolds({ fieldName: 't', op: 'lt', value: '10' }, 9)).toBe(true);
    expect(conditionHolds({ fieldName: 't', op: 'lte', value: 10 }, 11)).toBe(false);
    expect(conditionHolds({ fieldName: 't', op: 'eq', value: 2 }, '2')).toBe(true);
    expect(conditionHolds({ fieldName: 't', op: 'ne', value: 2 }, 3)).toBe(true);
    expect(conditionHolds({ fieldName: 'r', op: 'eq', value: 'Lab' }, 'Lab')).toBe(true);
    expect(conditionHolds({ fieldName: 'r', op: 'ne', value: 'Lab' }, 'Office')).toBe(true);
    expect(conditionHolds({ fieldName: 'r', op: 'contains', value: 'ab' }, 'Lab 2')).toBe(true);
    expect(conditionHolds({ fieldName: 'r', op: 'gt', value: 'a' }, 'b')).toBe(false);
    for (const missing of [undefined, null, '']) {
      expect(conditionHolds({ fieldName: 't', op: 'ne', value: 1 }, missing)).toBe(false);
    }
  });

  it('all needs every condition, any one of them', () => {
    const conditions = [
      { fieldName: 't', op: 'gt' as const, value: 30 },
      { fieldName: 'r', op: 'contains' as const, value: 'Lab' },
    ];
    expect(ruleHolds({ match: 'all', conditions }, { t: 31, r: 'Office' })).toBe(false);
    expect(ruleHolds({ match: 'any', conditions }, { t: 31, r: 'Office' })).toBe(true);
    expect(ruleHolds({ match: 'all', conditions }, { t: 31, r: 'Lab 1' })).toBe(true);
    expect(ruleHolds({ match: 'any', conditions }, { t: 1 })).toBe(false);
  });
});

describe('rule loops', () => {
  const rule = (id: number, name: string, itemId: number, writes: number[]) => ({ id, name, itemId, writes });

  it('finds a rule writing into its own item, and a chain that comes back, naming the rules along it', () => {
    expect(ruleLoop(rule(1, 'Self', 10, [10]), [])).toEqual(['Self', 'Self']);
    const existing = [rule(1, 'A to B', 10, [20]), rule(2, 'B to C', 20, [30])];
    expect(ruleLoop(rule(3, 'C to A', 30, [10]), existing)).toEqual(['C to A', 'A to B', 'B to C', 'C to A']);
  });

  it('lets chains without a way back, and a rule replacing its own earlier version, pass', () => {
    const existing = [rule(1, 'A to B', 10, [20]), rule(2, 'B to C', 20, [30])];
    expect(ruleLoop(rule(3, 'C to D', 30, [40]), existing)).toBeNull();
    // Rule 1 changed to write into D instead of B: its old edge is gone.
    expect(ruleLoop(rule(1, 'A to D', 10, [40]), [...existing, rule(3, 'D to A', 40, [50])])).toBeNull();
    // Two rules on one item writing elsewhere; a diamond is not a loop.
    expect(ruleLoop(rule(4, 'A to C', 10, [30]), [...existing, rule(5, 'A to B too', 10, [20])])).toBeNull();
  });
});
