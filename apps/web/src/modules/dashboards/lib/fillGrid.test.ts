import { describe, expect, it } from 'vitest';
import { fillGrid } from './fillGrid';

describe('fillGrid (a grid board on a full screen)', () => {
  it('stretches a single half-width widget over the whole screen', () => {
    expect(fillGrid([{ x: 0, y: 0, w: 6, h: 6 }])).toEqual({ columns: 6, rows: 6, cells: [{ column: 1, row: 1, w: 6, h: 6 }] });
  });

  it('drops empty columns and rows around the widgets, keeps the gaps between them', () => {
    const grid = fillGrid([
      { x: 2, y: 3, w: 4, h: 2 },
      { x: 8, y: 3, w: 2, h: 4 },
    ]);
    expect(grid.columns).toBe(8);
    expect(grid.rows).toBe(4);
    expect(grid.cells).toEqual([
      { column: 1, row: 1, w: 4, h: 2 },
      { column: 7, row: 1, w: 2, h: 4 },
    ]);
  });
});
