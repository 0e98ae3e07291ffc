import {
  cabinLimits,
  dataItemLimits,
  limits,
  copyableNodeKinds,
  isContainerKind,
  dataItemNameProblem,
  directoryNameProblem,
  levelAtLeast,
  resolveLevel,
  type CabinNodeKind,
  type CabinTreeNode,
  type GrantLike,
  type Locale,
  type GrantScope,
  type GrantView,
  type NodePermission,
  type PermissionLevel,
  type PermissionMode,
  type SetPermissionRequest,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { Session } from '@server/platform/auth/sessions';
import type { WriteVersion } from '@server/platform/writeVersion';
import { conflict, notFound, permissionDenied, validationError } from '@server/platform/errors';
import { builtinName } from '@server/platform/i18n';
import { CabinRepository, type CabinNodeRow } from './cabin.repository';
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
 */
export type { CabinNodeRow };

export class CabinService {
  private readonly repository: CabinRepository;
  private readonly handlers = new Map<string, NodeKindHandler>();
  private readonly dependents = new Map<string, Array<(trx: Db, companyId: number, refIds: number[]) => Promise<void>>>();

  /** Levels for realtime push filters, cached until the next write (`pushLevels.of(caller)`). */
  readonly pushLevels: PushLevelCache;

  /** `cache`: the write version and lifetime (the session cache's) of the push levels. */
  constructor(
    private readonly db: Db,
    private readonly people: CabinPeople,
    cache: { writes: WriteVersion; cacheMs: number } | null = null,
  ) {
    this.repository = new CabinRepository(db);
    this.pushLevels = new PushLevelCache(this.repository, people, cache);
  }

  /** A module registers the kind of node it owns. */
  registerKind(kind: CabinNodeKind, handler: NodeKindHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * A module that keeps rows pointing at entities of another module's kind (charts of a data item,
   * a device's bound items) removes them here, in the transaction that deletes those entities.
   */
  onRemove(kind: CabinNodeKind, dependent: (trx: Db, companyId: number, refIds: number[]) => Promise<void>): void {
    this.dependents.set(kind, [...(this.dependents.get(kind) ?? []), dependent]);
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

  // ---- tree ----

  /**
   * The tree as the caller may see it: nodes at `none` are left out; a visible node under a hidden
   * one is shown under its nearest visible ancestor (or at the top), with that as its parentId.
   */
  async tree(caller: CabinCaller): Promise<CabinTreeNode[]> {
    const { nodes, levelOf } = await this.levelMap(caller);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const extras = await this.describe(caller.companyId, nodes);
    const views = new Map<number, CabinTreeNode>();
    for (const node of nodes) {
      const level = levelOf(node.id);
      if (level === 'none') {
        continue;
      }
      views.set(node.id, {
        id: node.id,
        parentId: null,
        kind: node.kind as CabinNodeKind,
        name: node.name,
        refId: node.ref_id,
        extra: (node.ref_id !== null ? extras.get(node.kind)?.get(node.ref_id) : undefined) ?? {},
        mode: node.perm_mode as PermissionMode,
        level,
        sortOrder: node.sort_order,
        createdAt: node.created_at,
        children: [],
      });
    }
    const roots: CabinTreeNode[] = [];
    for (const node of nodes) {
      const view = views.get(node.id);
      if (!view) {
        continue;
      }
      let parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
      while (parent && !views.has(parent.id)) {
        parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
      }
      if (parent) {
        view.parentId = parent.id;
        views.get(parent.id)!.children.push(view);
      } else {
        roots.push(view);
      }
    }
    const order = (list: CabinTreeNode[]) => {
      list.sort((a, b) => Number(b.kind === 'directory') - Number(a.kind === 'directory') || a.sortOrder - b.sortOrder || a.id - b.id);
      for (const view of list) {
        order(view.children);
      }
    };
    order(roots);
    return roots;
  }

  private async describe(companyId: number, nodes: CabinNodeRow[]): Promise<Map<string, Map<number, Record<string, unknown>>>> {
    const result = new Map<string, Map<number, Record<string, unknown>>>();
    for (const [kind, handler] of this.handlers) {
      const refIds = nodes.filter((n) => n.kind === kind && n.ref_id !== null).map((n) => n.ref_id!);
      if (handler.describe && refIds.length > 0) {
        result.set(kind, await handler.describe(companyId, refIds));
      }
    }
    return result;
  }

  // ---- create, rename, move, copy, delete ----

  /** The parent a node goes under: null (the root), or a directory or project where the caller may write. */
  /** 40300 unless the caller may create nodes at the cabin root. */
  requireRootWrite(caller: CabinCaller): void {
    if (!levelAtLeast(this.rootLevel(caller), 'readWrite')) {
      throw permissionDenied('cabin.needs.readWrite');
    }
  }

  private async requireParentDirectory(caller: CabinCaller, parentId: number | null): Promise<void> {
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

  async addDirectory(caller: CabinCaller, parentId: number | null, name: string): Promise<{ id: number }> {
    const problem = directoryNameProblem(name);
    if (problem) {
      throw validationError(problem === 'required' ? 'validation.nameRequired' : `validation.directoryName.${problem}`);
    }
    await this.requireParentDirectory(caller, parentId);
    const trimmed = name.trim();
    if (await this.repository.siblingNamed(caller.companyId, parentId, 'directory', trimmed)) {
      throw conflict('cabin.nameTaken');
    }
    const sortOrder = await this.repository.nextSortOrder(caller.companyId, parentId);
    const id = await this.repository.insertNode({ companyId: caller.companyId, parentId, kind: 'directory', name: trimmed, refId: null, sortOrder, userId: caller.userId });
    return { id };
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
    const problem = nameProblemOf(node.kind, trimmed, this.handlers.get(node.kind));
    if (problem) {
      throw validationError(problem);
    }
    if (trimmed === node.name) {
      return;
    }
    if (await this.repository.siblingNamed(caller.companyId, node.parent_id, node.kind, trimmed, node.id)) {
      throw conflict('cabin.nameTaken');
    }
    const handler = this.handlers.get(node.kind);
    await this.db.transaction().execute(async (trx) => {
      await CabinRepository.in(trx).rename(caller.companyId, id, trimmed);
      if (handler?.rename && node.ref_id !== null) {
        await handler.rename(trx, caller.companyId, node.ref_id, trimmed);
      }
    });
  }

  /** Moving needs admin on the node and read-write on the new parent; never into its own subtree. */
  async move(caller: CabinCaller, id: number, parentId: number | null): Promise<void> {
    const node = await this.requireLevel(caller, id, 'admin');
    if (parentId !== null) {
      if (parentId === id) {
        throw validationError('cabin.moveIntoOwnSubtree');
      }
      const parentChain = await this.repository.chain(caller.companyId, parentId);
      if (parentChain.length === 0) {
        throw notFound();
      }
      if (parentChain.some((n) => n.id === id)) {
        throw validationError('cabin.moveIntoOwnSubtree');
      }
    }
    await this.requireParentDirectory(caller, parentId);
    if (parentId === node.parent_id) {
      return;
    }
    if (await this.repository.siblingNamed(caller.companyId, parentId, node.kind, node.name, node.id)) {
      throw conflict('cabin.nameTaken');
    }
    await this.repository.move(caller.companyId, id, parentId, await this.repository.nextSortOrder(caller.companyId, parentId));
  }

  /**
   * Copies a directory or a data item under a directory (or the root) where the caller may write.
   * A directory is copied with its sub-directories and data items that the caller can read (their
   * definitions, not their records); other node kinds are left out. Copies inherit the
   * permissions of where they land. A name taken by a sibling gets "-2", "-3", … (a data item name allows no brackets).
   */
  async copy(caller: CabinCaller, id: number, parentId: number | null): Promise<{ id: number }> {
    const source = await this.requireLevel(caller, id, 'read');
    if (!(copyableNodeKinds as readonly string[]).includes(source.kind)) {
      throw validationError('cabin.copyKind');
    }
    if (parentId !== null) {
      const parentChain = await this.repository.chain(caller.companyId, parentId);
      if (parentChain.some((n) => n.id === id)) {
        throw validationError('cabin.copyIntoOwnSubtree');
      }
    }
    await this.requireParentDirectory(caller, parentId);
    const { levelOf } = await this.levelMap(caller);
    const subtree = (await this.repository.subtree(caller.companyId, id)).filter((n) => (copyableNodeKinds as readonly string[]).includes(n.kind));
    // Keep only nodes whose whole path from the source is copyable and readable.
    const kept = new Set<number>();
    for (const node of subtree) {
      if ((node.id === id || (node.parent_id !== null && kept.has(node.parent_id))) && levelOf(node.id) !== 'none') {
        kept.add(node.id);
      }
    }
    const taken = await this.repository.siblingNames(caller.companyId, parentId, source.kind);
    const topName = freeName(source.name, taken, source.kind === 'directory' ? limits.directoryNameLength : dataItemLimits.nameLength);
    const created = new Map<string, number[]>();
    const newRoot = await this.db.transaction().execute(async (trx) => {
      const nodes = CabinRepository.in(trx);
      const newIds = new Map<number, number>();
      let sortOrder = await nodes.nextSortOrder(caller.companyId, parentId);
      for (const node of subtree) {
        if (!kept.has(node.id)) {
          continue;
        }
        const isTop = node.id === id;
        const newParent = isTop ? parentId : newIds.get(node.parent_id!)!;
        const name = isTop ? topName : node.name;
        const newId = await nodes.insertNode({
          companyId: caller.companyId,
          parentId: newParent,
          kind: node.kind,
          name,
          refId: null,
          sortOrder: isTop ? sortOrder++ : node.sort_order,
          userId: caller.userId,
        });
        newIds.set(node.id, newId);
        const handler = this.handlers.get(node.kind);
        if (node.ref_id !== null && handler?.copy) {
          const refId = await handler.copy(trx, caller.companyId, node.ref_id, { nodeId: newId, name, userId: caller.userId });
          await nodes.setRef(caller.companyId, newId, refId);
          created.set(node.kind, [...(created.get(node.kind) ?? []), refId]);
        }
      }
      return newIds.get(id)!;
    });
    for (const [kind, refIds] of created) {
      await this.handlers.get(kind)?.afterCopy?.(caller.companyId, refIds);
    }
    return { id: newRoot };
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
        for (const dependent of this.dependents.get(kind) ?? []) {
          await dependent(trx, caller.companyId, refIds);
        }
        await this.handlers.get(kind)?.remove?.(trx, caller.companyId, refIds);
      }
      await CabinRepository.in(trx).deleteNodes(
        caller.companyId,
        subtree.map((n) => n.id),
      );
    });
    for (const [kind, refIds] of byKind) {
      await this.handlers.get(kind)?.afterRemove?.(caller.companyId, refIds);
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
    for (const dependent of this.dependents.get(node.kind) ?? []) {
      await dependent(trx, companyId, [node.refId]);
    }
    await CabinRepository.in(trx).deleteNodes(companyId, [node.id]);
  }

  // ---- permissions ----

  /**
   * The permission dialog: own grants, inherited grants and the caller's effective level (needs
   * read); a grant to the whole company names it in the reader's language while it is built in.
   */
  async permission(caller: CabinCaller, nodeId: number, locale: Locale): Promise<NodePermission> {
    const chain = await this.repository.chain(caller.companyId, nodeId);
    const node = chain[0];
    if (!node) {
      throw notFound();
    }
    const effective = await this.effectiveLevel(caller, nodeId);
    if (effective.level === 'none') {
      throw permissionDenied('cabin.needs.read');
    }
    const anchor = chain.slice(1).find((n) => n.perm_mode === 'custom');
    const rows = await this.repository.grantsOf(caller.companyId, [node.id, ...(anchor ? [anchor.id] : [])]);
    const own = node.perm_mode === 'custom' ? toGrants(rows.filter((r) => r.node_id === node.id)) : [];
    const inherited = anchor ? toGrants(rows.filter((r) => r.node_id === anchor.id)) : rootGrants.map((g) => ({ ...g, targetId: caller.companyId }));
    const named = await this.nameGrants(caller.companyId, [...own, ...inherited], locale);
    return {
      nodeId: node.id,
      mode: node.perm_mode as PermissionMode,
      grants: named.slice(0, own.length),
      inherited: named.slice(own.length),
      inheritedFrom: anchor ? { nodeId: anchor.id, name: anchor.name } : null,
      effective: { level: effective.level, source: effective.source },
    };
  }

  /**
   * Sets a node's mode and grants (needs admin). Custom grants name the company (its own id or
   * none), a group of the company or a member; others' ids are 40400. One grant per target.
   * Default mode clears the node's grants: it inherits again.
   */
  async setPermission(caller: CabinCaller, request: SetPermissionRequest): Promise<void> {
    await this.requireLevel(caller, request.nodeId, 'admin');
    const grants: { scope: GrantScope; targetId: number; level: PermissionLevel }[] = [];
    if (request.mode === 'custom') {
      const seen = new Set<string>();
      for (const grant of request.grants) {
        let targetId: number;
        if (grant.scope === 'company') {
          if (grant.targetId !== undefined && grant.targetId !== caller.companyId) {
            throw notFound();
          }
          targetId = caller.companyId;
        } else {
          if (grant.targetId === undefined) {
            throw validationError('cabin.grantTargetRequired');
          }
          targetId = grant.targetId;
          const exists = grant.scope === 'group' ? await this.people.groupExists(caller.companyId, targetId) : await this.people.isMember(caller.companyId, targetId);
          if (!exists) {
            throw notFound();
          }
        }
        const key = `${grant.scope}:${targetId}`;
        if (seen.has(key)) {
          throw validationError('cabin.duplicateGrant');
        }
        seen.add(key);
        grants.push({ scope: grant.scope, targetId, level: grant.level });
      }
    }
    await this.repository.setPermission(caller.companyId, request.nodeId, request.mode, grants);
  }

  private async nameGrants(companyId: number, grants: readonly GrantLike[], locale: Locale): Promise<GrantView[]> {
    const [company, groupNames, memberNames] = await Promise.all([
      this.repository.companyName(companyId),
      this.repository.groupNames(
        companyId,
        grants.filter((g) => g.scope === 'group').map((g) => g.targetId),
      ),
      this.repository.memberNames(
        companyId,
        grants.filter((g) => g.scope === 'user').map((g) => g.targetId),
      ),
    ]);
    return grants.map((g) => ({
      scope: g.scope,
      targetId: g.scope === 'company' ? companyId : g.targetId,
      targetName: g.scope === 'company' ? builtinName(company.name, company.builtinKey, locale) : ((g.scope === 'group' ? groupNames : memberNames).get(g.targetId) ?? ''),
      level: g.level,
    }));
  }
}

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

/** `name`, or `name-2`, `name-3`… that no sibling holds, within `max` characters. */
function freeName(name: string, taken: ReadonlySet<string>, max: number): string {
  if (!taken.has(name)) {
    return name;
  }
  for (let n = 2; n < 10_000; n += 1) {
    const suffix = `-${n}`;
    const candidate = [...name].slice(0, max - suffix.length).join('').trimEnd() + suffix;
    if (!taken.has(candidate)) {
      return candidate;
    }
  }
  throw conflict('cabin.nameTaken');
}
