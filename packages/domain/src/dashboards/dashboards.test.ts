import { describe, expect, it } from 'vitest';
import { inWindow, resolveSchedule, upcomingSchedule, type ScheduleEntry } from './schedule';
import { remapWidgets, type DashboardDocument } from './exportDocument';
import { templateCodes, templateWidgets } from './templates';
import { dashboardLimits, widget, widgetsProblem } from './widgets';
import { zonedMidnight } from '../shared/time';

const shanghai = 'Asia/Shanghai';
/** Local wall-clock time in Shanghai → instant. */
const at = (h: number, m = 0, s = 0, day = 22) => zonedMidnight(2026, 11, day, shanghai) + ((h * 60 + m) * 60 + s) * 1000;

describe('inWindow', () => {
  it('plain and midnight-crossing windows, end excluded', () => {
    expect(inWindow({ from: '08:00', to: '18:00' }, 8 * 60)).toBe(true);
    expect(inWindow({ from: '08:00', to: '18:00' }, 18 * 60)).toBe(false);
    expect(inWindow({ from: '22:00', to: '06:00' }, 23 * 60 + 30)).toBe(true);
    expect(inWindow({ from: '22:00', to: '06:00' }, 5 * 60 + 59)).toBe(true);
    expect(inWindow({ from: '22:00', to: '06:00' }, 6 * 60)).toBe(false);
    expect(inWindow({ from: '22:00', to: '06:00' }, 12 * 60)).toBe(false);
    expect(inWindow(null, 0)).toBe(true);
  });
});

describe('resolveSchedule', () => {
  const two: ScheduleEntry[] = [
    { boardId: 1, seconds: 5, window: null },
    { boardId: 2, seconds: 10, window: null },
  ];
  it('cycles the boards from local midnight, each for its own duration', () => {
    expect(resolveSchedule(two, 30, at(0, 0, 0), shanghai)).toMatchObject({ index: 0, boardId: 1, startsAt: at(0, 0, 0), endsAt: at(0, 0, 5) });
    expect(resolveSchedule(two, 30, at(0, 0, 4), shanghai)?.boardId).toBe(1);
    expect(resolveSchedule(two, 30, at(0, 0, 5), shanghai)).toMatchObject({ index: 1, boardId: 2, startsAt: at(0, 0, 5), endsAt: at(0, 0, 15) });
    expect(resolveSchedule(two, 30, at(0, 0, 15), shanghai)?.boardId).toBe(1);
    // 10:00:07 is 36007 s after midnight; 36007 mod 15 = 7 → the second board (5..15).
    expect(resolveSchedule(two, 30, at(10, 0, 7), shanghai)).toMatchObject({ boardId: 2, startsAt: at(10, 0, 5) });
  });

  it('uses the default interval when an entry has none', () => {
    const entries: ScheduleEntry[] = [
      { boardId: 1, seconds: null, window: null },
      { boardId: 2, seconds: 10, window: null },
    ];
    expect(resolveSchedule(entries, 20, at(0, 0, 19), shanghai)?.boardId).toBe(1);
    expect(resolveSchedule(entries, 20, at(0, 0, 20), shanghai)?.boardId).toBe(2);
  });

  it('a window crossing midnight in the company time zone', () => {
    const entries: ScheduleEntry[] = [
      { boardId: 1, seconds: 60, window: { from: '08:00', to: '20:00' } },
      { boardId: 2, seconds: 60, window: { from: '22:00', to: '06:00' } },
    ];
    expect(resolveSchedule(entries, 30, at(23, 30), shanghai)?.boardId).toBe(2);
    expect(resolveSchedule(entries, 30, at(2, 15), shanghai)?.boardId).toBe(2);
    expect(resolveSchedule(entries, 30, at(12, 0), shanghai)?.boardId).toBe(1);
    // 21:00 and 07:00 local: no window open, nothing on.
    expect(resolveSchedule(entries, 30, at(21, 0), shanghai)).toBeNull();
    expect(resolveSchedule(entries, 30, at(7, 0), shanghai)).toBeNull();
    // The same instant in UTC terms would be 15:30 — the company's zone decides, not UTC.
    expect(resolveSchedule(entries, 30, Date.UTC(2026, 10, 22, 15, 30), shanghai)?.boardId).toBe(2);
    expect(resolveSchedule(entries, 30, Date.UTC(2026, 10, 22, 15, 30), 'UTC')?.boardId).toBe(1);
  });

  it('a turn ends early where a window closes', () => {
    const entries: ScheduleEntry[] = [
      { boardId: 1, seconds: 600, window: null },
      { boardId: 2, seconds: 600, window: { from: '00:00', to: '00:15' } },
    ];
    // 00:12: cycle 1200 s, position 720 → board 2 from 00:10, but its window closes at 00:15.
    const turn = resolveSchedule(entries, 30, at(0, 12), shanghai);
    expect(turn).toMatchObject({ boardId: 2, startsAt: at(0, 10), endsAt: at(0, 15) });
    expect(resolveSchedule(entries, 30, at(0, 15), shanghai)?.boardId).toBe(1);
  });

  it('an empty carousel has nothing on; upcoming turns follow each other', () => {
    expect(resolveSchedule([], 30, at(1), shanghai)).toBeNull();
    const turns = upcomingSchedule(two, 30, at(0, 0, 1), shanghai, 4);
    expect(turns.map((t) => t.boardId)).toEqual([1, 2, 1, 2]);
    expect(turns[1]!.startsAt).toBe(turns[0]!.endsAt);
  });
});

describe('remapWidgets', () => {
  const document: DashboardDocument = {
    format: 'smartdata.dashboard',
    version: 1,
    exportedAt: 0,
    board: { name: 'B', boardType: 'grid', width: 1920, height: 1080, refreshMinutes: 5, templateCode: null },
    widgets: [
      { widget: widget.parse({ id: 'a', kind: 'numberCard', title: 'T', layout: { x: 0, y: 0, w: 3, h: 3 }, binding: { itemId: 7, fields: ['t'] } }), item: { path: ['Plant'], name: 'Readings' } },
      { widget: widget.parse({ id: 'b', kind: 'chart', title: 'C', layout: { x: 3, y: 0, w: 3, h: 3 }, binding: { itemId: 7, fields: ['t', 'gone'] } }), item: { path: ['Plant'], name: 'Readings' } },
      { widget: widget.parse({ id: 'c', kind: 'table', title: 'Missing', layout: { x: 6, y: 0, w: 3, h: 3 }, binding: { itemId: 8, fields: ['x'] } }), item: { path: ['Other'], name: 'Nope' } },
      { widget: widget.parse({ id: 'd', kind: 'clock', title: 'Clock', layout: { x: 9, y: 0, w: 3, h: 3 } }), item: null },
    ],
  };
  it('re-maps by path and name, reports what it cannot, keeps every widget', () => {
    const result = remapWidgets(document, [
      { id: 40, path: ['Plant'], name: 'Readings', fieldNames: ['t', 'h'] },
      { id: 41, path: ['Elsewhere'], name: 'Readings', fieldNames: ['t'] },
    ]);
    expect(result.widgets.map((w) => w.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.widgets[0]!.binding).toEqual({ itemId: 40, fields: ['t'] });
    expect(result.widgets[1]!.binding).toEqual({ itemId: 40, fields: ['t'] });
    expect(result.widgets[2]!.binding).toBeNull();
    expect(result.unresolved).toEqual([
      { widgetId: 'b', widgetTitle: 'C', reference: { path: ['Plant'], name: 'Readings' }, reason: 'fieldsMissing', missingFields: ['gone'] },
      { widgetId: 'c', widgetTitle: 'Missing', reference: { path: ['Other'], name: 'Nope' }, reason: 'itemNotFound', missingFields: [] },
    ]);
  });
});

describe('remapWidgets of saved-chart widgets', () => {
  const saved = (id: string, chartId: number) => widget.parse({ id, kind: 'savedChart', title: id, layout: { x: 0, y: 0, w: 6, h: 6 }, options: { chartId } });
  const document: DashboardDocument = {
    format: 'smartdata.dashboard',
    version: 1,
    exportedAt: 0,
    board: { name: 'B', boardType: 'grid', width: 1920, height: 1080, refreshMinutes: 5, templateCode: null },
    widgets: [
      { widget: saved('found', 900), item: null, chart: { item: { path: ['Plant'], name: 'Readings' }, name: 'Per hour' } },
      { widget: saved('gone', 901), item: null, chart: { item: { path: ['Plant'], name: 'Readings' }, name: 'Deleted' } },
      { widget: saved('hidden', 902), item: null, chart: null },
    ],
  };
  it('maps a chart by its item and name, never keeps the exporting company\'s chart id', () => {
    const result = remapWidgets(document, [{ id: 40, path: ['Plant'], name: 'Readings', fieldNames: ['t'], charts: [{ id: 5, name: 'Per hour' }] }]);
    expect(result.widgets.map((w) => w.options.chartId)).toEqual([5, undefined, undefined]);
    expect(result.widgets.every((w) => w.binding === null)).toBe(true);
    expect(result.unresolved).toEqual([
      { widgetId: 'gone', widgetTitle: 'gone', reference: { path: ['Plant'], name: 'Readings' }, reason: 'chartNotFound', missingFields: [], chartName: 'Deleted' },
    ]);
  });
  it('refuses a chart id on a widget of another kind', () => {
    expect(widget.safeParse({ id: 'x', kind: 'chart', layout: { x: 0, y: 0, w: 1, h: 1 }, options: { chartId: 3 } }).success).toBe(false);
  });
});

describe('templates and layout checks', () => {
  it('every template fits the grid and a 1920×1080 canvas', () => {
    for (const code of templateCodes) {
      const grid = templateWidgets(code, 'zh-CN', { boardType: 'grid', width: 1920, height: 1080 });
      expect(widgetsProblem(grid, { boardType: 'grid', width: 1920, height: 1080 })).toBeNull();
      const canvas = templateWidgets(code, 'en-US', { boardType: 'bigScreen', width: 1920, height: 1080 });
      expect(widgetsProblem(canvas, { boardType: 'bigScreen', width: 1920, height: 1080 })).toBeNull();
    }
    expect(templateWidgets('energy', 'en-US', { boardType: 'grid', width: 1920, height: 1080 }).map((w) => w.title)).toContain('Energy today');
  });
  it('refuses widgets outside the board, duplicates and too many', () => {
    const w = widget.parse({ id: 'a', kind: 'text', layout: { x: 10, y: 0, w: 3, h: 2 } });
    expect(widgetsProblem([w], { boardType: 'grid', width: 1920, height: 1080 })).toBe('validation.dashboard.outsideBoard');
    const ok = widget.parse({ id: 'a', kind: 'text', layout: { x: 0, y: 0, w: 3, h: 2 } });
    expect(widgetsProblem([ok, ok], { boardType: 'grid', width: 1920, height: 1080 })).toBe('validation.dashboard.duplicateWidget');
    const many = Array.from({ length: dashboardLimits.widgetsMax + 1 }, (_, i) => ({ ...ok, id: `w${i}` }));
    expect(widgetsProblem(many, { boardType: 'grid', width: 1920, height: 1080 })).toBe('validation.dashboard.tooManyWidgets');
    expect(widget.safeParse({ id: 'x', kind: 'text', layout: { x: 0, y: 0, w: 1, h: 1 }, binding: { itemId: 1, fields: ['a'] } }).success).toBe(false);
  });
});
