import { isMeterRef, type AnalysisSource, type FieldRef } from '@smartdata/domain';

/** The names an analysis shows for its ids: items, the fields of each item (fieldName → name), meters. */
export interface AnalysisNames {
  items: ReadonlyMap<number, string>;
  fields: (itemId: number) => ReadonlyMap<string, string> | undefined;
  meters: ReadonlyMap<number, string>;
}

/** `item · field` for a source or target: the item's and the field's names (ids and keys until they are known). */
export function fieldRefText(ref: FieldRef, names: Pick<AnalysisNames, 'items' | 'fields'>): string {
  return `${names.items.get(ref.itemId) ?? `#${ref.itemId}`} · ${names.fields(ref.itemId)?.get(ref.fieldName) ?? ref.fieldName}`;
}

/** A source in words: a field as `item · field`, a meter by its name. */
export function sourceText(ref: AnalysisSource, names: AnalysisNames): string {
  return isMeterRef(ref) ? `⚡ ${names.meters.get(ref.meterId) ?? `#${ref.meterId}`}` : fieldRefText(ref, names);
}

/** The columns task lists keep on a phone: the name and the row's actions (issue 31.11: the actions were off-screen). */
export const phoneColumns: readonly string[] = ['name', 'actions'];

/** A source's key in a list. */
export const sourceKey = (ref: AnalysisSource): string => (isMeterRef(ref) ? `meter:${ref.meterId}` : `${ref.itemId}:${ref.fieldName}`);

/** A run's duration as an amount and its unit (texts `duration.*`), or null when it has not ended. */
export function runDuration(startedAt: number | null, endedAt: number | null): { unit: 'ms' | 's' | 'min'; count: number } | null {
  if (startedAt === null || endedAt === null || endedAt < startedAt) {
    return null;
  }
  const ms = endedAt - startedAt;
  if (ms < 1000) {
    return { unit: 'ms', count: ms };
  }
  if (ms < 60_000) {
    return { unit: 's', count: Math.round(ms / 100) / 10 };
  }
  return { unit: 'min', count: Math.round(ms / 6000) / 10 };
}
