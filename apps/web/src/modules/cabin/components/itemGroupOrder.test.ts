import { describe, expect, it } from 'vitest';
import { appendIds, sameOrder, shift } from './itemGroupOrder';

describe('the item group order', () => {
  it('moves an item one place up or down, and not past an end', () => {
    expect(shift([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(shift([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(shift([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(shift([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('adds items at the end, each once', () => {
    expect(appendIds([3, 1], [2, 1, 2])).toEqual([3, 1, 2]);
  });

  it('compares orders', () => {
    expect(sameOrder([1, 2], [1, 2])).toBe(true);
    expect(sameOrder([1, 2], [2, 1])).toBe(false);
    expect(sameOrder([1], [1, 2])).toBe(false);
  });
});
