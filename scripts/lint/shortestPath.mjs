/**
 * A shortest path from `start` to `goal` (both included) in a graph given by `next(node)`, the
 * nodes one step from a node (breadth first); null when `goal` cannot be reached. The cycle rules
 * name the cycle they report with it.
 */
export function shortestPath(start, goal, next) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const chain = [];
      for (let node = goal; node !== null; node = previous.get(node)) {
        chain.unshift(node);
      }
      return chain;
    }
    for (const node of next(current)) {
      if (!previous.has(node)) {
        previous.set(node, current);
        queue.push(node);
      }
    }
  }
  return null;
}
