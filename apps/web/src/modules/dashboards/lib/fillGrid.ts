import { dashboardLimits, type WidgetLayout } from '@smartdata/domain';

/** A grid board laid out for a full screen: its columns, rows and each widget's cell. */
export interface FilledGrid {
  columns: number;
  rows: number;
  cells: Array<{ column: number; row: number; w: number; h: number }>;
}

/**
 * Full-screen pages (showdashboard, big_screen, the marquee) show the part of a grid board that
 * holds widgets, stretched over the whole screen: the columns and rows from the first to the last
 * one a widget covers share the screen's width and height. A board of one widget six columns wide
 * fills the screen instead of leaving its right half empty; empty columns or rows between widgets
 * are kept, so the widgets stay where the editor put them relative to each other.
 * The console view keeps the editor's 12 columns and 40 px rows.
 */
export function fillGrid(layouts: readonly WidgetLayout[]): FilledGrid {
  if (layouts.length === 0) {
    return { columns: dashboardLimits.gridColumns, rows: 1, cells: [] };
  }
  const left = Math.min(...layouts.map((l) => l.x));
  const top = Math.min(...layouts.map((l) => l.y));
  const right = Math.max(...layouts.map((l) => l.x + l.w));
  const bottom = Math.max(...layouts.map((l) => l.y + l.h));
  return {
    columns: Math.max(1, right - left),
    rows: Math.max(1, bottom - top),
    cells: layouts.map((l) => ({ column: l.x - left + 1, row: l.y - top + 1, w: l.w, h: l.h })),
  };
}
