import { resolveLevel, rootGrantLevel, type GrantLike, type GrantScope, type PermissionLevel } from '@smartdata/domain';
import type { CabinNodeRow } from './cabin.repository';

/** Where no node up to the root is custom: read-write to the whole company (docs/cabin.md). */
export const rootGrants: readonly GrantLike[] = [{ scope: 'company', targetId: 0, level: rootGrantLevel }];

/** The nodes and grants of one company, by node id. */
export interface TreeGrants {
  byId: ReadonlyMap<number, Pick<CabinNodeRow, 'id' | 'parent_id' | 'perm_mode'>>;
  grantsByNode: ReadonlyMap<number, GrantLike[]>;
}

/** Grant rows as the domain's grants, with their node when asked. */
export function toGrants(rows: readonly { node_id: number; scope: string; target_id: number; level: string }[]): GrantLike[];
export function toGrants(rows: readonly { node_id: number; scope: string; target_id: number; level: string }[], withNode: true): (GrantLike & { nodeId: number })[];
export function toGrants(rows: readonly { node_id: number; scope: string; target_id: number; level: string }[], withNode = false) {
  return rows.map((r) => ({ scope: r.scope as GrantScope, targetId: r.target_id, level: r.level as PermissionLevel, ...(withNode ? { nodeId: r.node_id } : {}) }));
}

export function grantsByNode(grants: readonly (GrantLike & { nodeId: number })[]): Map<number, GrantLike[]> {
  const result = new Map<number, GrantLike[]>();
  for (const grant of grants) {
    const list = result.get(grant.nodeId) ?? [];
    list.push(grant);
    result.set(grant.nodeId, list);
  }
  return result;
}

/**
 * A person's level at any node of the tree (not a company administrator): the grants of the
 * nearest custom node from the node upwards, else the root grants. Levels are memoized along the
 * walked paths, so a whole tree costs one walk per node.
 */
export function levelsOver(tree: TreeGrants, person: { userId: number; groupIds: readonly number[] }): (nodeId: number) => PermissionLevel {
  const rootLevel = resolveLevel(rootGrants, person).level;
  const memo = new Map<number, PermissionLevel>();
  return (nodeId: number): PermissionLevel => {
    const known = memo.get(nodeId);
    if (known) {
      return known;
    }
    // Walk up to the nearest custom node (iteratively: trees may be deep).
    const path: number[] = [];
    let current = tree.byId.get(nodeId);
    let level: PermissionLevel = rootLevel;
    while (current) {
      const cached = memo.get(current.id);
      if (cached) {
        level = cached;
        break;
      }
      path.push(current.id);
      if (current.perm_mode === 'custom') {
        level = resolveLevel(tree.grantsByNode.get(current.id) ?? [], person).level;
        break;
      }
      current = current.parent_id === null ? undefined : tree.byId.get(current.parent_id);
    }
    for (const id of path) {
      memo.set(id, level);
    }
    return level;
  };
}
