import type { CabinTreeNode } from '@smartdata/domain';
import { recordsPath as itemRecordsPath, settingsPath } from '@/shared/routing/dataItemPaths';

/**
 * Where a cabin node opens. The data-items module owns the item pages and the meaning of their
 * route segments (modules/data-items/paths.ts); the cabin fills them from the tree: the item's
 * id, name and kind, its node, and the directory holding it (0 and `-` at the top).
 */

/** A data item's kind code, from the tree's `extra`. */
export function itemKindOf(node: Pick<CabinTreeNode, 'extra'>): number | null {
  const kind = node.extra.itemKind;
  return typeof kind === 'number' ? kind : null;
}

export function recordsPath(node: Pick<CabinTreeNode, 'id' | 'name' | 'refId' | 'extra'>, parent: Pick<CabinTreeNode, 'id' | 'name'> | null): string {
  return itemRecordsPath({
    id: node.refId ?? 0,
    name: node.name,
    kind: itemKindOf(node) ?? undefined,
    nodeId: node.id,
    directoryId: parent?.id ?? null,
    directoryName: parent?.name ?? null,
  });
}

export function itemSettingsPath(item: { itemId: number; name: string; nodeId: number | null }): string {
  return settingsPath({ id: item.itemId, name: item.name, nodeId: item.nodeId });
}

export function itemGroupPath(groupId: number): string {
  return `/smartdata/itemgroup/config/${encodeURIComponent(String(groupId))}`;
}
