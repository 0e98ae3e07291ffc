import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { chartBuckets, chartAggregates } from '../charts/charts.schemas';
import { timeRangePresets } from '../shared/limits';
import { numeric } from '../shared/numbers';
import { textSchema } from '../shared/text';

/**
 * The widget model of a dashboard (issue 5). A board is either a grid (react-grid-layout, 12
 * columns, layout in grid units) or a big-screen canvas of fixed resolution (layout in pixels).
 * Pure: shared by the editor, the viewer and the server's checks.
 */
export const widgetKinds = ['chart', 'savedChart', 'numberCard', 'gauge', 'table', 'text', 'image', 'clock', 'deviceStatus', 'alarmList'] as const;
export type WidgetKind = (typeof widgetKinds)[number];

/** Widgets that read a data item's records (bound to an item and its fields). */
export const dataWidgetKinds: readonly WidgetKind[] = ['chart', 'numberCard', 'gauge', 'table'];
export function isDataWidget(kind: WidgetKind): boolean {
  return dataWidgetKinds.includes(kind);
}

export const boardTypes = ['grid', 'bigScreen'] as const;
export type BoardType = (typeof boardTypes)[number];

export const boardTransitions = ['none', 'fade', 'slide'] as const;
export type BoardTransition = (typeof boardTransitions)[number];

/**
 * The values a widget uses when its options leave them out (WidgetBody draws with them, and the
 * settings drawer shows them in its boxes: a box never looks empty while a default is in use).
 */
export const widgetDefaults = {
  chartKind: 'line',
  aggregate: 'none',
  bucket: 'raw',
  rangePreset: 'today',
  rows: 10,
  fontSize: 18,
  gaugeMin: 0,
  gaugeMax: 100,
} as const;

/** Chart kinds a chart widget draws (number cards and gauges are widgets of their own). */
export const widgetChartKinds = ['line', 'bar', 'area', 'pie'] as const;

export const dashboardLimits = {
  nameLength: 25,
  widgetTitleLength: 50,
  widgetsMax: 60,
  textLength: 500,
  gridColumns: 12,
  gridRowHeightPx: 40,
  gridRowsMax: 200,
  canvasWidthDefault: 1920,
  canvasHeightDefault: 1080,
  canvasWidthMin: 640,
  canvasWidthMax: 7680,
  canvasHeightMin: 360,
  canvasHeightMax: 4320,
  /** Spec §9 data frequency options, used as the board's auto-refresh interval. */
  refreshMinutes: [1, 5, 10, 15] as const,
  tableRowsMax: 50,
  fieldsPerWidgetMax: 10,
  /** The unit shown after a number card's or gauge's value. */
  widgetUnitLength: 16,
  fontSizeMinPx: 10,
  fontSizeMaxPx: 200,
  /** How long a carousel shows one board (its own seconds or the carousel's default). */
  carouselSecondsMin: 5,
  carouselSecondsMax: 3600,
  carouselSecondsDefault: 30,
  carouselEntriesMax: 50,
} as const;

const intIn = (min: number, max: number) => numeric(z.number().int('validation.invalid').min(min, 'validation.invalid').max(max, 'validation.invalid'));

export const widgetLayout = z.object({ x: intIn(0, 7680), y: intIn(0, 8640), w: intIn(1, 7680), h: intIn(1, 4320) });
export type WidgetLayout = z.infer<typeof widgetLayout>;

/** A data widget's binding: one data item and some of its fields (checked against the item on save). */
export const widgetBinding = z.object({
  itemId: idSchema,
  fields: z.array(z.string().trim().min(1).max(64)).min(1, 'validation.dashboard.fieldRequired').max(dashboardLimits.fieldsPerWidgetMax, 'validation.tooLong'),
});
export type WidgetBinding = z.infer<typeof widgetBinding>;

export const widgetOptions = z
  .object({
    chartKind: z.enum(widgetChartKinds).optional(),
    aggregate: z.enum(chartAggregates).optional(),
    bucket: z.enum(chartBuckets).optional(),
    rangePreset: z.enum(timeRangePresets).optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    unit: z.string().max(dashboardLimits.widgetUnitLength, 'validation.tooLong').optional(),
    rows: intIn(1, dashboardLimits.tableRowsMax).optional(),
    text: z.string().max(dashboardLimits.textLength, 'validation.tooLong').optional(),
    fontSize: intIn(dashboardLimits.fontSizeMinPx, dashboardLimits.fontSizeMaxPx).optional(),
    /** Object key of an uploaded image (purpose public) and its public URL. */
    imageKey: z.string().max(300).optional(),
    imageUrl: z.string().max(1000).optional(),
    /**
     * A saved-chart widget's chart (charts module, `chart` row of the board's company). The board
     * keeps only the id and draws the chart's current config, so changing the chart changes the
     * widget; a deleted chart shows as missing.
     */
    chartId: idSchema.optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalid')
      .optional(),
  })
  .strip();
export type WidgetOptions = z.infer<typeof widgetOptions>;

export const widget = z
  .object({
    id: z.string().trim().min(1).max(40),
    kind: z.enum(widgetKinds),
    title: textSchema().max(dashboardLimits.widgetTitleLength, 'validation.dashboard.titleTooLong').default(''),
    layout: widgetLayout,
    binding: widgetBinding.nullable().default(null),
    options: widgetOptions.default({}),
  })
  .superRefine((w, ctx) => {
    if (w.binding && !isDataWidget(w.kind)) {
      ctx.addIssue({ code: 'custom', path: ['binding'], message: 'validation.dashboard.bindingNotAllowed' });
    }
    if (w.options.chartId !== undefined && w.kind !== 'savedChart') {
      ctx.addIssue({ code: 'custom', path: ['options', 'chartId'], message: 'validation.dashboard.bindingNotAllowed' });
    }
    if (w.options.min !== undefined && w.options.max !== undefined && w.options.min >= w.options.max) {
      ctx.addIssue({ code: 'custom', path: ['options', 'max'], message: 'validation.dashboard.minMax' });
    }
  });
export type Widget = z.infer<typeof widget>;

/** Problems of a whole widget list against a board's type and size (the server checks it on save). */
export function widgetsProblem(widgets: readonly Widget[], board: { boardType: BoardType; width: number; height: number }): string | null {
  if (widgets.length > dashboardLimits.widgetsMax) {
    return 'validation.dashboard.tooManyWidgets';
  }
  const ids = new Set<string>();
  for (const w of widgets) {
    if (ids.has(w.id)) {
      return 'validation.dashboard.duplicateWidget';
    }
    ids.add(w.id);
    const { x, y, w: width, h } = w.layout;
    if (board.boardType === 'grid') {
      if (x + width > dashboardLimits.gridColumns || y + h > dashboardLimits.gridRowsMax) {
        return 'validation.dashboard.outsideBoard';
      }
    } else if (x + width > board.width || y + h > board.height) {
      return 'validation.dashboard.outsideBoard';
    }
  }
  return null;
}

/** Scales a grid layout to a canvas (a template on a big-screen board). */
export function gridToCanvas(layout: WidgetLayout, canvas: { width: number; height: number }, rows: number): WidgetLayout {
  const cell = canvas.width / dashboardLimits.gridColumns;
  const rowHeight = canvas.height / Math.max(rows, 1);
  const x = Math.round(layout.x * cell);
  const y = Math.round(layout.y * rowHeight);
  return {
    x,
    y,
    w: Math.max(1, Math.min(Math.round(layout.w * cell), canvas.width - x)),
    h: Math.max(1, Math.min(Math.round(layout.h * rowHeight), canvas.height - y)),
  };
}

/** A short random widget id (browser and Node). */
export function newWidgetId(): string {
  return `w${Math.random().toString(36).slice(2, 10)}`;
}
