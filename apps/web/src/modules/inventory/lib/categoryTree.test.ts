import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from './categoryTree';

describe('buildCategoryTree', () => {
  it('nests by parentId, sorts by name and keeps orphans at the top', () => {
    const tree = buildCategoryTree([
      { id: 1, name: 'B', parentId: null },
      { id: 2, name: 'A', parentId: null },
      { id: 3, name: 'B2', parentId: 1 },
      { id: 4, name: 'B1', parentId: 1 },
      { id: 5, name: 'Orphan', parentId: 99 },
    ]);
    expect(tree.map((n) => n.title)).toEqual(['A', 'B', 'Orphan']);
    expect(tree[1]!.children.map((n) => n.title)).toEqual(['B1', 'B2']);
  });
});
