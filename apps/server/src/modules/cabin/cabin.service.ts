import {
  cabinLimits,
  dataItemNameProblem,
  directoryNameProblem,
  isContainerKind,
  levelAtLeast,
  resolveLevel,
  type CabinNodeKind,
  type NodePermission,
  type PermissionLevel,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { Session } from '@server/platform/auth/sessions';
import type { WriteVersion } from '@server/platform/writeVersion';
import { conflict, notFound, permissionDenied, validationError } from '@server/platform/errors';
import { CabinRepository, type CabinNodeRow } from './cabin.repository';
import type { CabinKinds, NodeDependent, NodeKindHandler } from './cabinKinds';
import type { CabinPeople } from './cabinPeople';
import { grantsByNode, levelsOver, rootGrants, toGrants } from './levels';
import { PushLevelCache } from './pushLevels';

/**
 * Who calls: the session's person and company. Holders of `um_role` (company administrators, and
 * the platform administrator, who holds every code) are administrators of every node: they
 * already decide who holds which role, so hiding data from them would protect nothing.
 */
export interface CabinCaller {
  userId: number;
  companyId: number;
  isCompanyAdmin: boolean;
}

export const companyAdminCode = 'um_role';

export function cabinCaller(session: Session, companyId: number): CabinCaller {
  return { userId: session.userId, companyId, isCompanyAdmin: session.codes.has(companyAdminCode) };
}

export type { CabinNodeRow, NodeKindHandler };

/** A person's effective levels over the whole tree, computed once per call. */
interface LevelMap {
  levelOf: (nodeId: number) => PermissionLevel;
}

/**
 * The data cabin: the company's tree of directories, data items and the nodes of later modules,
 * with data permissions checked on the server for every call (docs/cabin.md).
 *
 * Effective level of a person at a node: company administrators are admin everywhere; anyone else
 * gets the grants of the nearest node, from the node itself upwards, whose mode is custom (the
 * root grants read-write to the whole company), resolved person over group over company.
 * What only the tree page does is cabinTree.service.ts; the permission dialog, cabinPermissions.service.ts.
 */
export class CabinService {
  private readonly repository: CabinRepository;

  /** Levels for realtime push filters, cached until the next write (`pushLevels.of(caller)`). */
  readonly pushLevels: PushLevelCache;

  /** `cache`: the write version and lifetime (the session cache's) of the push levels. */
  constructor(
    private readonly db: Db,
    private readonly people: CabinPeople,
    private readonly kinds: CabinKinds,
    cache: { writes: WriteVersion; cacheMs: number } | null = null,
  ) {
    this.repository = new CabinRepository(db);
    this.pushLevels = new PushLevelCache(this.repository, people, cache);
  }

  /** A module registers the kind of node it owns. */
  registerKind(kind: CabinNodeKind, handler: NodeKindHandler): void {
    this.kinds.register(kind, handler);
  }

  /**
   * A module that keeps rows pointing at entities of another module's kind (charts of a data item,
   * a device's bound items) removes them here, in the transaction that deletes those entities.
   */
  onRemove(kind: CabinNodeKind, dependent: NodeDependent): void {
    this.kinds.addDependent(kind, dependent);
  }

  // ---- reads for the modules whose entities are nodes ----

  /** A node of the company, or undefined. */
  findNode(companyId: number, id: number): Promise<CabinNodeRow | undefined> {
    return this.repository.findNode(companyId, id);
  }

  /** Every node of the company (dashboards list boards with their directories). */
  allNodes(companyId: number): Promise<CabinNodeRow[]> {
    return this.repository.allNodes(companyId);
  }

  /** Names of the siblings of one kind under a parent (for a free copy name). */
  siblingNames(companyId: number, parentId: number | null, kind: CabinNodeKind): Promise<Set<string>> {
    return this.repository.siblingNames(companyId, parentId, kind);
  }

  /** Display names of members of the company (uploaders, project members); others are left out. */
  memberNames(companyId: number, userIds: readonly number[]): Promise<Map<number, string>> {
    return this.repository.memberNames(companyId, userIds);
  }

  /** Whether the person is a member of the company. */
  isMember(companyId: number, userId: number): Promise<boolean> {
    return this.people.isMember(companyId, userId);
  }

  /** The nodes below a node (itself first), as stored. */
  subtree(companyId: number, nodeId: number): Promise<CabinNodeRow[]> {
    return this.repository.subtree(companyId, nodeId);
  }

  // ---- levels ----

  private async groupIds(caller: CabinCaller): Promise<number[]> {
    return caller.isCompanyAdmin ? [] : this.people.groupIdsOfUser(caller.companyId, caller.userId);
  }

  /** The caller's level at a node, and where it comes from; 40400 when the node is not the company's. */
  async effectiveLevel(caller: CabinCaller, nodeId: number): Promise<{ node: CabinNodeRow; level: PermissionLevel; source: NodePermission['effective']['source'] }> {
    const chain = await this.repository.chain(caller.companyId, nodeId);
    const node = chain[0];
    if (!node) {
      throw notFound();
    }
    if (caller.isCompanyAdmin) {
      return { node, level: 'admin', source: 'companyAdmin' };
    }
    const anchor = chain.find((n) => n.perm_mode === 'custom');
    const grants = anchor ? toGrants(await this.repository.grantsOf(caller.companyId, [anchor.id])) : rootGrants;
    const resolved = resolveLevel(grants, { userId: caller.userId, groupIds: await this.groupIds(caller) });
    return { node, ...resolved };
  }

  async levelOf(caller: CabinCaller, nodeId: number): Promise<PermissionLevel> {
    return (await this.effectiveLevel(caller, nodeId)).level;
  }

  /**
   * The node when the caller holds at least `needed` there: 40400 for an id that is not the
   * company's, 40300 below the level (a hidden node is refused, not denied existence, as the
   * caller may know its id from a link).
   */
  async requireLevel(caller: CabinCaller, nodeId: number, needed: PermissionLevel): Promise<CabinNodeRow> {
    const { node, level } = await this.effectiveLevel(caller, nodeId);
    if (!levelAtLeast(level, needed)) {
      throw permissionDenied(`cabin.needs.${needed}`);
    }
    return node;
  }

  /** The level at the root (where parentId null puts a node): the root grants, or admin. */
  private rootLevel(caller: CabinCaller): PermissionLevel {
    return caller.isCompanyAdmin ? 'admin' : resolveLevel(rootGrants, { userId: caller.userId, groupIds: [] }).level;
  }

  /** Levels of every node of the company for one person (tree, lists of data items). */
  async levelMap(caller: CabinCaller, nodes?: CabinNodeRow[]): Promise<LevelMap & { nodes: CabinNodeRow[] }> {
    const all = nodes ?? (await this.repository.allNodes(caller.companyId));
    if (caller.isCompanyAdmin) {
      return { nodes: all, levelOf: () => 'admin' };
    }
    const tree = { byId: new Map(all.map((n) => [n.id, n])), grantsByNode: grantsByNode(toGrants(await this.repository.allGrants(caller.companyId), true)) };
    const person = { userId: caller.userId, groupIds: await this.groupIds(caller) };
    return { nodes: all, levelOf: levelsOver(tree, person) };
  }

  // ---- create, rename, delete ----

  /** 40300 unless the caller may create nodes at the cabin root. */
  requireRootWrite(caller: CabinCaller): void {
    if (!levelAtLeast(this.rootLevel(caller), 'readWrite')) {
      throw permissionDenied('cabin.needs.readWrite');
    }
  }

  /** The parent a node goes under: null (the root), or a directory or project where the caller may write. */
  async requireParentDirectory(caller: CabinCaller, parentId: number | null): Promise<void> {
    if (parentId === null) {
      if (!levelAtLeast(this.rootLevel(caller), 'readWrite')) {
        throw permissionDenied('cabin.needs.readWrite');
      }
      return;
    }
    const parent = await this.requireLevel(caller, parentId, 'readWrite');
    if (!isContainerKind(parent.kind)) {
      throw validationError('cabin.parentNotDirectory');
    }
  }

  /**
   * Creates a node of a module's kind under a directory (or the root) where the caller may write,
   * and its entity in the same transaction: `createEntity` gets the transaction and the new node's
   * id and answers the entity's id. With `on` (another module's transaction, e.g. a production
   * completion creating devices) everything runs there; the parent must then be the root, whose
   * level needs no query (a query outside the open transaction would wait for it on SQLite).
   */
  async createNode(
    caller: CabinCaller,
    input: { kind: CabinNodeKind; parentId: number | null; name: string },
    createEntity: (trx: Db, nodeId: number) => Promise<number>,
    on?: Db,
  ): Promise<{ nodeId: number; refId: number }> {
    if (on && input.parentId !== null) {
      throw new Error('createNode inside another transaction needs the root as parent');
    }
    await this.requireParentDirectory(caller, input.parentId);
    const create = async (trx: Db) => {
      const nodes = CabinRepository.in(trx);
      if (await nodes.siblingNamed(caller.companyId, input.parentId, input.kind, input.name)) {
        throw conflict('cabin.nameTaken');
      }
      const sortOrder = await nodes.nextSortOrder(caller.companyId, input.parentId);
      const nodeId = await nodes.insertNode({ companyId: caller.companyId, parentId: input.parentId, kind: input.kind, name: input.name, refId: null, sortOrder, userId: caller.userId });
      const refId = await createEntity(trx, nodeId);
      await nodes.setRef(caller.companyId, nodeId, refId);
      return { nodeId, refId };
    };
    return on ? create(on) : this.db.transaction().execute(create);
  }

  /** Renaming needs read-write; the name rule is the node kind's. */
  async rename(caller: CabinCaller, id: number, name: string): Promise<void> {
    const node = await this.requireLevel(caller, id, 'readWrite');
    const trimmed = name.trim();
    const problem = nameProblemOf(node.kind, trimmed, this.kinds.handler(node.kind));
    if (problem) {
      throw validationError(problem);
    }
    if (trimmed === node.name) {
      return;
    }
    if (await this.repository.siblingNamed(caller.companyId, node.parent_id, node.kind, trimmed, node.id)) {
      throw conflict('cabin.nameTaken');
    }
    const handler = this.kinds.handler(node.kind);
    await this.db.transaction().execute(async (trx) => {
      await CabinRepository.in(trx).rename(caller.companyId, id, trimmed);
      if (handler?.rename && node.ref_id !== null) {
        await handler.rename(trx, caller.companyId, node.ref_id, trimmed);
      }
    });
  }

  /**
   * Deletes a node with its whole subtree in one transaction: the caller must be admin of every
   * node in it (nothing the caller cannot see or manage goes with it). Each module removes its
   * entities (a data item its records, forms, jumps and forwards) in the same transaction.
   */
  async delete(caller: CabinCaller, id: number): Promise<{ deleted: number }> {
    await this.requireLevel(caller, id, 'admin');
    const subtree = await this.repository.subtree(caller.companyId, id);
    if (!caller.isCompanyAdmin) {
      const { levelOf } = await this.levelMap(caller);
      if (subtree.some((n) => levelOf(n.id) !== 'admin')) {
        throw permissionDenied('cabin.subtreeNotAdmin');
      }
    }
    await this.pushLevels.removing(caller.companyId, subtree);
    const byKind = new Map<string, number[]>();
    for (const node of subtree) {
      if (node.ref_id !== null) {
        byKind.set(node.kind, [...(byKind.get(node.kind) ?? []), node.ref_id]);
      }
    }
    await this.db.transaction().execute(async (trx) => {
      for (const [kind, refIds] of byKind) {
        for (const dependent of this.kinds.dependentsOf(kind)) {
          await dependent(trx, caller.companyId, refIds);
        }
        await this.kinds.handler(kind)?.remove?.(trx, caller.companyId, refIds);
      }
      await CabinRepository.in(trx).deleteNodes(
        caller.companyId,
        subtree.map((n) => n.id),
      );
    });
    for (const [kind, refIds] of byKind) {
      await this.kinds.handler(kind)?.afterRemove?.(caller.companyId, refIds);
    }
    return { deleted: subtree.length };
  }

  /**
   * Lets a node's entity leave the company without deleting it (a device claimed by its customer's
   * company, docs/inventory.md): the kind's dependents forget the entity as on delete (telemetry
   * bindings, gateway configuration), the node and its grants go, and the kind's own handler keeps
   * its row for the module to move. Runs on the caller's transaction.
   */
  async releaseNode(trx: Db, companyId: number, node: { id: number; kind: CabinNodeKind; refId: number }): Promise<void> {
    for (const dependent of this.kinds.dependentsOf(node.kind)) {
      await dependent(trx, companyId, [node.refId]);
    }
    await CabinRepository.in(trx).deleteNodes(companyId, [node.id]);
  }}

function nameProblemOf(kind: string, name: string, handler: NodeKindHandler | undefined): string | null {
  if (kind === 'directory') {
    const problem = directoryNameProblem(name);
    return problem ? (problem === 'required' ? 'validation.nameRequired' : `validation.directoryName.${problem}`) : null;
  }
  if (kind === 'dataItem') {
    const problem = dataItemNameProblem(name);
    return problem ? (problem === 'required' ? 'validation.nameRequired' : `validation.dataItemName.${problem}`) : null;
  }
  if (handler?.nameProblem) {
    return handler.nameProblem(name);
  }
  return name === '' ? 'validation.nameRequired' : [...name].length > cabinLimits.nodeNameLength ? 'validation.tooLong' : null;
}
