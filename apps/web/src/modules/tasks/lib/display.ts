import type { FieldRef } from '@smartdata/domain';

/** `item · field` for a source or target, with the item's name when it is known. */
export function fieldRefText(ref: FieldRef, itemNames: ReadonlyMap<number, string>): string {
  return `${itemNames.get(ref.itemId) ?? `#${ref.itemId}`} · ${ref.fieldName}`;
}

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
