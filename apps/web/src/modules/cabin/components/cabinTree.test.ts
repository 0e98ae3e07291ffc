import { describe, expect, it } from 'vitest';
import type { CabinNodeKind, CabinTreeNode, PermissionLevel } from '@smartdata/domain';
import { copyProblem, descendantCount, directoryIds, directoryOptions, filterTree, indexTree, isInSubtree, moveProblem, nodeAbilities } from './cabinTree';

function node(id: number, name: string, kind: CabinNodeKind, children: CabinTreeNode[] = [], level: PermissionLevel = 'admin'): CabinTreeNode {
  const self: CabinTreeNode = { id, parentId: null, kind, name, refId: kind === 'dataItem' ? id * 10 : null, extra: {}, mode: 'default', level, sortOrder: id, createdAt: 0, children };
  for (const child of children) {
    child.parentId = id;
  }
  return self;
}

/**
 * 1 车间           (directory)
 *   2 温度         (directory)
 *     3 一号炉     (data item)
 *   4 报警记录     (data item)
 * 5 仓库           (directory, read only)
 *   6 库存         (data item, read only)
 * 7 总览看板       (dashboard)
 */
function sample(): CabinTreeNode[] {
  return [
    node(1, '车间', 'directory', [node(2, '温度', 'directory', [node(3, '一号炉', 'dataItem')]), node(4, '报警记录', 'dataItem')]),
    node(5, '仓库', 'directory', [node(6, '库存', 'dataItem', [], 'read')], 'read'),
    node(7, '总览看板', 'dashboard'),
  ];
}

describe('the cabin tree helpers', () => {
  it('index every node with its path from the top', () => {
    const index = indexTree(sample());
    expect(index.size).toBe(7);
    expect(index.get(3)?.path).toEqual(['车间', '温度', '一号炉']);
    expect(index.get(7)?.path).toEqual(['总览看板']);
  });

  it('know what lies in a subtree', () => {
    const index = indexTree(sample());
    expect(isInSubtree(index, 1, 3)).toBe(true);
    expect(isInSubtree(index, 1, 1)).toBe(true);
    expect(isInSubtree(index, 2, 4)).toBe(false);
    expect(isInSubtree(index, 1, null)).toBe(false);
    expect(descendantCount(index.get(1)!.node)).toBe(3);
    expect(descendantCount(index.get(3)!.node)).toBe(0);
  });

  it('refuse a drop into the node itself or its own subtree before sending', () => {
    const index = indexTree(sample());
    expect(moveProblem(index, 1, 1)).toBe('ownSubtree');
    expect(moveProblem(index, 1, 2)).toBe('ownSubtree');
    expect(moveProblem(index, 2, 1)).toBe('sameParent');
    expect(moveProblem(index, 2, null)).toBeNull();
    expect(moveProblem(index, 3, 1)).toBeNull();
    expect(moveProblem(index, 3, 4)).toBe('notDirectory');
    expect(moveProblem(index, 7, 1)).toBeNull();
  });

  it('ask for admin on the node and read-write where it lands', () => {
    const index = indexTree(sample());
    expect(moveProblem(index, 6, 1)).toBe('noAdmin');
    expect(moveProblem(index, 3, 5)).toBe('noWrite');
  });

  it('copy only directories and data items, never a directory into itself', () => {
    const index = indexTree(sample());
    expect(copyProblem(index, 7, 1)).toBe('kind');
    expect(copyProblem(index, 1, 2)).toBe('ownSubtree');
    expect(copyProblem(index, 1, null)).toBeNull();
    // A copy may land beside its original.
    expect(copyProblem(index, 3, 2)).toBeNull();
    // Read is enough on the source; the destination needs read-write.
    expect(copyProblem(index, 6, 1)).toBeNull();
    expect(copyProblem(index, 3, 5)).toBe('noWrite');
    expect(copyProblem(index, 3, 4)).toBe('notDirectory');
  });

  it('offer actions by the effective level', () => {
    expect(nodeAbilities({ kind: 'directory', level: 'read' })).toEqual({ create: false, rename: false, copy: true, move: false, delete: false, permissions: false });
    expect(nodeAbilities({ kind: 'directory', level: 'readWrite' })).toEqual({ create: true, rename: true, copy: true, move: false, delete: false, permissions: false });
    expect(nodeAbilities({ kind: 'dataItem', level: 'admin' })).toEqual({ create: false, rename: true, copy: true, move: true, delete: true, permissions: true });
    expect(nodeAbilities({ kind: 'dashboard', level: 'admin' }).copy).toBe(false);
  });

  it('filter by name, keeping ancestors and opening them', () => {
    const found = filterTree(sample(), '炉');
    expect(found.nodes.map((n) => n.name)).toEqual(['车间']);
    expect(found.nodes[0]!.children.map((n) => n.name)).toEqual(['温度']);
    expect(found.nodes[0]!.children[0]!.children.map((n) => n.name)).toEqual(['一号炉']);
    expect([...found.matches]).toEqual([3]);
    expect(found.expand.sort()).toEqual([1, 2]);
  });

  it('keep a matching directory whole, ignore case and blanks', () => {
    const found = filterTree([node(1, 'Plant A', 'directory', [node(2, 'Line', 'dataItem')])], '  plant ');
    expect(found.nodes[0]!.children.map((n) => n.name)).toEqual(['Line']);
    expect(filterTree(sample(), '   ').nodes).toHaveLength(3);
    expect(filterTree(sample(), 'nothing').nodes).toEqual([]);
  });

  it('list directories for pickers and for expand all', () => {
    const options = directoryOptions(sample(), (d) => d.level !== 'read');
    expect(options.map((o) => [o.value, o.disabled])).toEqual([
      [1, false],
      [5, true],
    ]);
    expect(options[0]!.children.map((o) => o.value)).toEqual([2]);
    expect(directoryIds(sample())).toEqual([1, 2, 5]);
  });
});
