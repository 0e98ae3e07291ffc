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

export const exportedWidget = z.object({
  widget,
  /** The bound item, by path and name (null: not bound). */
  item: itemReference.nullable().default(null),
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
  /** itemNotFound: no readable item at that path and name; fieldsMissing: the item lacks fields. */
  reason: 'itemNotFound' | 'fieldsMissing';
  missingFields: string[];
}

/** A data item of the importing company, as the remap sees it. */
export interface RemapCandidate {
  id: number;
  path: string[];
  name: string;
  fieldNames: string[];
}

const referenceKey = (ref: ItemReference) => JSON.stringify([...ref.path, ref.name]);

/**
 * Re-maps the widgets of a document onto the importing company's items: a reference resolves to
 * the candidate with the same path and name (the first by id when several match). An unresolved
 * widget is kept without its binding; a resolved one keeps the fields the item has (a missing
 * field is reported, and when none is left the widget is unbound).
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
  const widgets = document.widgets.map(({ widget: w, item }) => {
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
