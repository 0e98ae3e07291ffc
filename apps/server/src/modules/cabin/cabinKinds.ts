import type { CabinNodeKind } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';

/**
 * What a module that owns a node kind tells the cabin: how to name, describe, copy and delete its
 * entities. Copy and delete run inside the cabin's transaction (`trx`), so a subtree goes (or is
 * copied) whole or not at all.
 */
export interface NodeKindHandler {
  /** The name rule of the kind (a message key), checked on rename. */
  nameProblem?(name: string): string | null;
  /** Details shown on the tree for nodes of this kind, by ref id. */
  describe?(companyId: number, refIds: number[]): Promise<Map<number, Record<string, unknown>>>;
  rename?(trx: Db, companyId: number, refId: number, name: string): Promise<void>;
  /** Copies an entity for a new node; answers the new entity's id. */
  copy?(trx: Db, companyId: number, refId: number, copy: { nodeId: number; name: string; userId: number }): Promise<number>;
  /** Runs after the copy transaction committed (database indexes, caches). */
  afterCopy?(companyId: number, newRefIds: number[]): Promise<void>;
  remove?(trx: Db, companyId: number, refIds: number[]): Promise<void>;
  /** Runs after the delete transaction committed. */
  afterRemove?(companyId: number, refIds: number[]): Promise<void>;
}

/** A module's rows that point at entities of a kind: removed in the transaction that deletes them. */
export type NodeDependent = (trx: Db, companyId: number, refIds: number[]) => Promise<void>;

/** The node kinds other modules plug into the cabin, and who depends on each; shared by the cabin's services. */
export class CabinKinds {
  private readonly handlers = new Map<string, NodeKindHandler>();
  private readonly dependents = new Map<string, NodeDependent[]>();

  register(kind: CabinNodeKind, handler: NodeKindHandler): void {
    this.handlers.set(kind, handler);
  }

  addDependent(kind: CabinNodeKind, dependent: NodeDependent): void {
    this.dependents.set(kind, [...(this.dependents.get(kind) ?? []), dependent]);
  }

  handler(kind: string): NodeKindHandler | undefined {
    return this.handlers.get(kind);
  }

  dependentsOf(kind: string): readonly NodeDependent[] {
    return this.dependents.get(kind) ?? [];
  }

  all(): ReadonlyMap<string, NodeKindHandler> {
    return this.handlers;
  }
}
