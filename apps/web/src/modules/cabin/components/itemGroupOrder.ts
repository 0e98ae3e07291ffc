/** Pure steps of the item group editor's ordered list. */

/** The list with the entry at `from` moved one place up (-1) or down (+1); unchanged at an end. */
export function shift<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) {
    return [...list];
  }
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** The ids added at the end, each once, keeping the existing order. */
export function appendIds(list: readonly number[], ids: readonly number[]): number[] {
  const seen = new Set(list);
  const next = [...list];
  for (const id of ids) {
    if (!seen.has(id)) {
      seen.add(id);
      next.push(id);
    }
  }
  return next;
}

export function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, at) => id === b[at]);
}
