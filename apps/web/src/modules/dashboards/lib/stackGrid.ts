import { dashboardLimits, type WidgetLayout } from '@smartdata/domain';
import type { FilledGrid } from './fillGrid';

/** A grid board narrower than this (px) stacks its widgets instead of keeping 12 columns. */
export const stackBelowPx = 720;
/** Columns of a stacked board: a small widget takes one, any other the whole width. */
export const stackedColumns = 2;

/**
 * A grid board on a phone (issue 31.11): 12 columns of a 390 px screen made a number card ~84 px
 * wide and cut its value. Stacked, the widgets follow the editor's reading order (top to bottom,
 * left to right); a widget at most a third of the board wide (number cards, gauges, clocks) takes
 * one of two columns, beside the next small one, any wider widget the whole width. Heights stay
 * the editor's rows, so a chart keeps its room.
 */
export function stackGrid(layouts: readonly WidgetLayout[]): FilledGrid {
  const order = layouts.map((layout, index) => ({ layout, index })).sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x || a.index - b.index);
  const cells: FilledGrid['cells'] = layouts.map((l) => ({ column: 1, row: 1, w: 1, h: l.h }));
  // The first free row of each column.
  const heights = new Array<number>(stackedColumns).fill(0);
  for (const { layout, index } of order) {
    const h = Math.max(1, layout.h);
    if (layout.w <= dashboardLimits.gridColumns / 3) {
      const column = heights.indexOf(Math.min(...heights));
      cells[index] = { column: column + 1, row: heights[column] + 1, w: 1, h };
      heights[column] += h;
    } else {
      const row = Math.max(...heights);
      cells[index] = { column: 1, row: row + 1, w: stackedColumns, h };
      heights.fill(row + h);
    }
  }
  return { columns: stackedColumns, rows: Math.max(1, ...heights), cells };
}
