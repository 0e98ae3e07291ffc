import type { CategoryItem } from '@smartdata/domain';

export interface CategoryNode {
  key: number;
  value: number;
  title: string;
  children: CategoryNode[];
}

/**
 * The category tree from the flat list (`parentId`), children sorted by name. A category whose
 * parent is not in the list is shown at the top, so nothing disappears.
 */
export function buildCategoryTree(list: readonly CategoryItem[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(list.map((c) => [c.id, { key: c.id, value: c.id, title: c.name, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const category of list) {
    const node = nodes.get(category.id)!;
    const parent = category.parentId === null ? undefined : nodes.get(category.parentId);
    (parent && parent !== node ? parent.children : roots).push(node);
  }
  const sort = (level: CategoryNode[]) => {
    level.sort((a, b) => a.title.localeCompare(b.title, 'zh-CN'));
    level.forEach((node) => sort(node.children));
  };
  sort(roots);
  return roots;
}
