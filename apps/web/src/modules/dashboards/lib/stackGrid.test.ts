import { describe, expect, it } from 'vitest';
import { stackGrid } from './stackGrid';

describe('stackGrid (a grid board on a phone)', () => {
  it('puts small widgets two a row and wider ones across, in reading order', () => {
    const grid = stackGrid([
      { x: 0, y: 3, w: 6, h: 6 },
      { x: 3, y: 0, w: 3, h: 3 },
      { x: 0, y: 0, w: 3, h: 3 },
      { x: 6, y: 0, w: 3, h: 3 },
    ]);
    expect(grid.columns).toBe(2);
    expect(grid.cells).toEqual([
      { column: 1, row: 7, w: 2, h: 6 },
      { column: 2, row: 1, w: 1, h: 3 },
      { column: 1, row: 1, w: 1, h: 3 },
      { column: 1, row: 4, w: 1, h: 3 },
    ]);
    expect(grid.rows).toBe(12);
  });

  it('starts a wide widget below every small one above it', () => {
    const grid = stackGrid([
      { x: 0, y: 0, w: 3, h: 5 },
      { x: 3, y: 0, w: 9, h: 2 },
    ]);
    expect(grid.cells[1]).toEqual({ column: 1, row: 6, w: 2, h: 2 });
  });
});
