import { z } from 'zod';
import { boardTypes, dashboardLimits, widget, type Widget } from './widgets';
import { nameText } from '../shared/text';

/**
 * The export document of a dashboard (exportDashboard / importDashboard). Data items are named by
 * their directory path and name, not by id, so a board can move to another company: on import
 * each reference is looked up by path and name there; what cannot be found (or lacks a field) is
 * reported to the user and the widget is kept unbound — never silently dropped.
 */
export const exportFormat = 'smartdata.dashboard';
export const exportVersion = 1;

export const itemReference = z.object({
  /** Directory names from the top of the cabin down to the item's directory. */
  path: z.array(z.string().max(100)).max(50),
  name: z.string().min(1).max(100),
});
export type ItemReference = z.infer<typeof itemReference>;

/** A saved chart, by its data item's path and name and the chart's name (ids never leave a company). */
export const chartReference = z.object({ item: itemReference, name: z.string().min(1).max(100) });
export type ChartReference = z.infer<typeof chartReference>;

export const exportedWidget = z.object({
  widget,
  /** The bound item, by path and name (null: not bound). */
  item: itemReference.nullable().default(null),
  /** A saved-chart widget's chart (null: none, or one the exporter may not read). */
  chart: chartReference.nullish(),
});

export const dashboardDocument = z.object({
  format: z.literal(exportFormat, 'validation.dashboard.notAnExport'),
  version: z.literal(exportVersion, 'validation.dashboard.exportVersion'),
  exportedAt: z.number().int(),
  board: z.object({
    name: nameText().min(1, 'validation.nameRequired').max(100),
    boardType: z.enum(boardTypes),
    width: z.number().int().min(dashboardLimits.canvasWidthMin).max(dashboardLimits.canvasWidthMax),
    height: z.number().int().min(dashboardLimits.canvasHeightMin).max(dashboardLimits.canvasHeightMax),
    refreshMinutes: z.union(dashboardLimits.refreshMinutes.map((m) => z.literal(m)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<5>, z.ZodLiteral<10>, z.ZodLiteral<15>]),
    templateCode: z.string().max(40).nullable(),
  }),
  widgets: z.array(exportedWidget).max(dashboardLimits.widgetsMax, 'validation.dashboard.tooManyWidgets'),
});
export type DashboardDocument = z.infer<typeof dashboardDocument>;

/** What the import could not re-map (shown to the user after the import). */
export interface UnresolvedReference {
  widgetId: string;
  widgetTitle: string;
  reference: ItemReference;
  /**
   * itemNotFound: no readable item at that path and name; fieldsMissing: the item lacks fields;
   * chartNotFound: the item has no chart of that name (the saved-chart widget is left empty).
   */
  reason: 'itemNotFound' | 'fieldsMissing' | 'chartNotFound';
  missingFields: string[];
  /** The chart's name (reason chartNotFound). */
  chartName?: string;
}

/** A data item of the importing company, as the remap sees it. */
export interface RemapCandidate {
  id: number;
  path: string[];
  name: string;
  fieldNames: string[];
  /** The item's saved charts (saved-chart widgets are re-mapped by chart name). */
  charts?: Array<{ id: number; name: string }>;
}

const referenceKey = (ref: ItemReference) => JSON.stringify([...ref.path, ref.name]);

/**
 * Re-maps the widgets of a document onto the importing company's items: a reference resolves to
 * the candidate with the same path and name (the first by id when several match). An unresolved
 * widget is kept without its binding; a resolved one keeps the fields the item has (a missing
 * field is reported, and when none is left the widget is unbound). A saved-chart widget resolves
 * to the chart of that name on the re-mapped item; without one it is kept with no chart (its
 * empty state), and reported.
 */
export function remapWidgets(document: DashboardDocument, candidates: readonly RemapCandidate[]): { widgets: Widget[]; unresolved: UnresolvedReference[] } {
  const byKey = new Map<string, RemapCandidate>();
  for (const candidate of [...candidates].sort((a, b) => a.id - b.id)) {
    const key = referenceKey(candidate);
    if (!byKey.has(key)) {
      byKey.set(key, candidate);
    }
  }
  const unresolved: UnresolvedReference[] = [];
  const widgets = document.widgets.map(({ widget: w, item, chart }): Widget => {
    if (w.kind === 'savedChart') {
      // The chart id in the file is another company's: only the reference by name counts.
      const { chartId: _foreign, ...options } = w.options;
      void _foreign;
      if (!chart) {
        return { ...w, binding: null, options };
      }
      const found = byKey.get(referenceKey(chart.item))?.charts?.find((c) => c.name === chart.name);
      if (!found) {
        unresolved.push({ widgetId: w.id, widgetTitle: w.title, reference: chart.item, reason: 'chartNotFound', missingFields: [], chartName: chart.name });
        return { ...w, binding: null, options };
      }
      return { ...w, binding: null, options: { ...options, chartId: found.id } };
    }
    if (!w.binding || !item) {
      return { ...w, binding: null };
    }
    const match = byKey.get(referenceKey(item));
    if (!match) {
      unresolved.push({ widgetId: w.id, widgetTitle: w.title, reference: item, reason: 'itemNotFound', missingFields: [] });
      return { ...w, binding: null };
    }
    const kept = w.binding.fields.filter((f) => match.fieldNames.includes(f));
    const missing = w.binding.fields.filter((f) => !match.fieldNames.includes(f));
    if (missing.length > 0) {
      unresolved.push({ widgetId: w.id, widgetTitle: w.title, reference: item, reason: 'fieldsMissing', missingFields: missing });
    }
    return { ...w, binding: kept.length > 0 ? { itemId: match.id, fields: kept } : null };
  });
  return { widgets, unresolved };
}
