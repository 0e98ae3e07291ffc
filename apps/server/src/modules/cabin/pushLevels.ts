import { levelAtLeast, type PermissionLevel } from '@smartdata/domain';
import type { WriteVersion } from '@server/platform/writeVersion';
import type { CabinGrantRow, CabinNodeRow, CabinRepository } from './cabin.repository';
import type { CabinPeople } from './cabinPeople';
import { grantsByNode, levelsOver, toGrants, type TreeGrants } from './levels';

/** Who a push goes to: a member of a company, or one of its administrators (admin everywhere). */
export interface PushCaller {
  userId: number;
  companyId: number;
  isCompanyAdmin: boolean;
}

/**
 * A person's levels as realtime filters read them: a node that is not in the company's tree
 * (another company's, or deleted more than `removedKeptMs` ago) is `none`.
 */
export interface PushLevels {
  levelOf(nodeId: number): PermissionLevel;
}

/** How long deleted nodes keep their levels for the pushes announcing their removal. */
const removedKeptMs = 60_000;
const maxEntries = 50_000;
const adminLevels: PushLevels = { levelOf: () => 'admin' };

interface Entry<T> {
  version: number;
  until: number;
  value: T | Promise<T>;
}

/**
 * Cabin levels for realtime push filters, which run for every push and every subscriber (a board
 * or a device list may get many pushes a second). Kept like sessions (platform/auth/sessions.ts):
 * per company and person until the next write call of this instance moves the write version, or
 * for `cacheMs` (writes on another instance count within that), so a permission, group or tree
 * change counts for the next push. The company's nodes and grants are read once and shared by its
 * members; each person adds their groups. A cached answer is synchronous; while it fills, callers
 * share one promise.
 */
export class PushLevelCache {
  private readonly levels = new Map<string, Entry<PushLevels>>();
  private readonly trees = new Map<number, Entry<TreeGrants>>();
  /** Nodes deleted a moment ago with their grants, per company. */
  private readonly removed = new Map<number, { until: number; nodes: CabinNodeRow[]; grants: CabinGrantRow[] }[]>();

  constructor(
    private readonly repository: CabinRepository,
    private readonly people: Pick<CabinPeople, 'groupIdsOfUser'>,
    private readonly options: { writes: WriteVersion; cacheMs: number } | null,
  ) {}

  of(caller: PushCaller): PushLevels | Promise<PushLevels> {
    if (caller.isCompanyAdmin) {
      return adminLevels;
    }
    return this.cached(this.levels, `${caller.companyId}:${caller.userId}`, async () => {
      const [tree, groupIds] = await Promise.all([this.tree(caller.companyId), this.people.groupIdsOfUser(caller.companyId, caller.userId)]);
      const levelOf = levelsOver(tree, { userId: caller.userId, groupIds });
      return { levelOf: (nodeId: number) => (tree.byId.has(nodeId) ? levelOf(nodeId) : 'none') };
    });
  }

  /** Whether the caller may read the node: at least read (synchronous while cached). */
  readable(caller: PushCaller, nodeId: number): boolean | Promise<boolean> {
    const levels = this.of(caller);
    return levels instanceof Promise ? levels.then((l) => levelAtLeast(l.levelOf(nodeId), 'read')) : levelAtLeast(levels.levelOf(nodeId), 'read');
  }

  /**
   * A subtree is about to be deleted: its nodes keep their levels for `removedKeptMs` on this
   * instance, so the push announcing the removal (`deviceRemoved`) still reaches exactly those who
   * could see the node. Harmless when the deletion fails (only nodes gone from the tree count).
   */
  async removing(companyId: number, nodes: readonly CabinNodeRow[]): Promise<void> {
    const grants = await this.repository.grantsOf(
      companyId,
      nodes.filter((n) => n.perm_mode === 'custom').map((n) => n.id),
    );
    const now = Date.now();
    const kept = (this.removed.get(companyId) ?? []).filter((r) => r.until > now);
    kept.push({ until: now + removedKeptMs, nodes: [...nodes], grants });
    this.removed.set(companyId, kept);
  }

  private tree(companyId: number): TreeGrants | Promise<TreeGrants> {
    return this.cached(this.trees, companyId, async () => {
      const [nodes, grants] = await Promise.all([this.repository.allNodes(companyId), this.repository.allGrants(companyId)]);
      const byId = new Map<number, CabinNodeRow>(nodes.map((n) => [n.id, n]));
      const all = [...grants];
      const now = Date.now();
      const removed = (this.removed.get(companyId) ?? []).filter((r) => r.until > now);
      if (removed.length > 0) {
        this.removed.set(companyId, removed);
      } else {
        this.removed.delete(companyId);
      }
      for (const gone of removed) {
        for (const node of gone.nodes) {
          if (!byId.has(node.id)) {
            byId.set(node.id, node);
            all.push(...gone.grants.filter((g) => g.node_id === node.id));
          }
        }
      }
      return { byId, grantsByNode: grantsByNode(toGrants(all, true)) };
    });
  }

  private cached<K, T>(entries: Map<K, Entry<T>>, key: K, fill: () => Promise<T>): T | Promise<T> {
    const now = Date.now();
    const version = this.options?.writes.value ?? 0;
    const entry = entries.get(key);
    if (entry && entry.version === version && entry.until > now) {
      return entry.value;
    }
    const promise = fill();
    if (!this.options || this.options.cacheMs <= 0) {
      return promise;
    }
    if (entries.size >= maxEntries) {
      entries.clear();
    }
    const fresh: Entry<T> = { version, until: now + this.options.cacheMs, value: promise };
    entries.set(key, fresh);
    promise.then(
      (value) => {
        fresh.value = value;
      },
      () => {
        if (entries.get(key) === fresh) {
          entries.delete(key);
        }
      },
    );
    return promise;
  }
}
