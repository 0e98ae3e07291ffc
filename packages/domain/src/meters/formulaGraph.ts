/**
 * Virtual meters refer to other meters; a cycle (A = B + C, C = 2 × A) would have no value. Pure:
 * the caller gives the formulas it knows (meter id → ids its formula names).
 */

/**
 * The cycle a meter would close with the given formula, as the ids along it starting and ending at
 * `meterId` (A → C → A), or null. `formulas` holds the other virtual meters' formulas.
 */
export function formulaCycle(meterId: number, formula: readonly number[], formulas: ReadonlyMap<number, readonly number[]>): number[] | null {
  const seen = new Set<number>();
  const walk = (id: number, path: number[]): number[] | null => {
    if (id === meterId) {
      return [...path, id];
    }
    if (seen.has(id)) {
      return null;
    }
    seen.add(id);
    for (const next of formulas.get(id) ?? []) {
      const found = walk(next, [...path, id]);
      if (found) {
        return found;
      }
    }
    return null;
  };
  for (const id of formula) {
    const found = walk(id, [meterId]);
    if (found) {
      return found;
    }
  }
  return null;
}

/** The meters a virtual meter depends on, transitively, in an order where sources come first. */
export function formulaOrder(meterIds: readonly number[], formulas: ReadonlyMap<number, readonly number[]>): number[] {
  const order: number[] = [];
  const done = new Set<number>();
  const visit = (id: number, depth: number) => {
    if (done.has(id) || depth > 1000) {
      return;
    }
    done.add(id);
    for (const next of formulas.get(id) ?? []) {
      visit(next, depth + 1);
    }
    order.push(id);
  };
  for (const id of meterIds) {
    visit(id, 0);
  }
  return order;
}
