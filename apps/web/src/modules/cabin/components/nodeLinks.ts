import type { CabinTreeNode } from '@smartdata/domain';

/**
 * Where a cabin node opens. The data-items module owns the pages; the cabin fills their route
 * parameters (spec §2) as follows, written down in apps/web/README.md:
 *
 * - datavalue/{itemId}/{itemName}/{itemType}/{objId}/{pid}/{parentDirectory}: the data item's id,
 *   name and kind code (10, 11, 13), its cabin node id, the node id of its directory (0 at the
 *   top) and that directory's name (`-` at the top).
 * - dataitem/config/{itemId}/{itemName}/{id}: the data item's id and name, its cabin node id.
 */

const segment = (value: string | number) => encodeURIComponent(String(value));

/** A data item's kind code, from the tree's `extra`. */
export function itemKindOf(node: Pick<CabinTreeNode, 'extra'>): number | null {
  const kind = node.extra.itemKind;
  return typeof kind === 'number' ? kind : null;
}

export function recordsPath(node: Pick<CabinTreeNode, 'id' | 'name' | 'refId' | 'extra'>, parent: Pick<CabinTreeNode, 'id' | 'name'> | null): string {
  return [
    '/smartdata/datavalue',
    segment(node.refId ?? 0),
    segment(node.name),
    segment(itemKindOf(node) ?? 0),
    segment(node.id),
    segment(parent?.id ?? 0),
    segment(parent?.name ?? '-'),
  ].join('/');
}

export function itemSettingsPath(item: { itemId: number; name: string; nodeId: number }): string {
  return ['/smartdata/dataitem/config', segment(item.itemId), segment(item.name), segment(item.nodeId)].join('/');
}

export function itemGroupPath(groupId: number): string {
  return `/smartdata/itemgroup/config/${segment(groupId)}`;
}
