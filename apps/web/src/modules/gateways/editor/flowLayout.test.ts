import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@smartdata/domain';
import { autoLayoutFlow, cellWidth, emptyFlow, flowDifferences, hasDifferences } from './flowModel';

/** A document with wait nodes `ids` and the given connections (enough for layout and diffs). */
function doc(ids: string[], edges: [string, string][]): FlowDocument {
  const base = emptyFlow();
  return {
    ...base,
    nodes: [...base.nodes, ...ids.map((id) => ({ id, kind: 'wait' as const, name: id, ms: 1000 }))],
    edges: edges.map(([from, to]) => ({ from, to })),
  };
}

type Box = { x: number; y: number };
/** Whether the straight segment between two node centres passes through a third node's box (180×60). */
function crosses(a: Box, b: Box, other: Box): boolean {
  const w = 180;
  const h = 60;
  for (let step = 1; step < 50; step += 1) {
    const x = a.x + w / 2 + ((b.x - a.x) * step) / 50;
    const y = a.y + h / 2 + ((b.y - a.y) * step) / 50;
    if (x > other.x && x < other.x + w && y > other.y && y < other.y + h) {
      return true;
    }
  }
  return false;
}

describe('auto-layout (issue 13 point 5)', () => {
  it('puts a long chain on one row, left to right, so no connection crosses a node', () => {
    const flow = doc(['a', 'b', 'c', 'd', 'e'], [['start', 'a'], ['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'e']]);
    const p = autoLayoutFlow(flow);
    const order = ['start', 'a', 'b', 'c', 'd', 'e'];
    expect(order.map((id) => p[id]!.y)).toEqual(order.map(() => 0));
    expect(order.map((id) => p[id]!.x)).toEqual(order.map((_, i) => i * cellWidth));
    for (const e of flow.edges) {
      for (const n of flow.nodes.filter((m) => m.id !== e.from && m.id !== e.to)) {
        expect(crosses(p[e.from]!, p[e.to]!, p[n.id]!), `${e.from}→${e.to} over ${n.id}`).toBe(false);
      }
    }
  });

  it('puts a branch in one column and its join after both, and unreached nodes below', () => {
    const flow = doc(['a', 'b', 'c', 'd', 'loose'], [['start', 'a'], ['a', 'b'], ['a', 'c'], ['b', 'd'], ['c', 'd'], ['d', 'a']]);
    const p = autoLayoutFlow(flow);
    expect(p.b!.x).toBe(p.c!.x);
    expect(p.b!.y).not.toBe(p.c!.y);
    expect(p.d!.x).toBeGreaterThan(p.b!.x);
    expect(p.a!.x).toBeGreaterThan(p.start!.x);
    expect(p.loose!.y).toBeGreaterThan(Math.max(p.b!.y, p.c!.y));
  });
});

describe('what differs between the saved and the pushed flow', () => {
  it('names added, removed and changed nodes and the changed settings', () => {
    const pushed = doc(['a', 'b'], [['start', 'a'], ['a', 'b']]);
    const saved = doc(['a', 'c'], [['start', 'a'], ['a', 'c']]);
    (saved.nodes[1] as { ms: number }).ms = 5000;
    const d = flowDifferences(saved, pushed);
    expect(d).toMatchObject({ added: ['c'], removed: ['b'], changed: ['a'], connections: true, links: false, serial: false, startMode: false });
    expect(hasDifferences(d)).toBe(true);
    expect(hasDifferences(flowDifferences(pushed, structuredClone(pushed)))).toBe(false);
  });
});
