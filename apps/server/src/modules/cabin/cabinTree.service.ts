import { copyableNodeKinds, dataItemLimits, directoryNameProblem, limits, type CabinNodeKind, type CabinTreeNode, type PermissionMode } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { CabinRepository, type CabinNodeRow } from './cabin.repository';
import type { CabinCaller, CabinService } from './cabin.service';
import type { CabinKinds } from './cabinKinds';

/**
 * The cabin tree page (docs/cabin.md): the tree as the caller may see it, and what only the tree
 * does with nodes — add a directory, move, copy. Levels are the cabin service's.
 */
export class CabinTreeService {
  constructor(
    private readonly db: Db,
    private readonly repository: CabinRepository,
    private readonly cabin: CabinService,
    private readonly kinds: CabinKinds,
  ) {}

  /**
   * The tree as the caller may see it: nodes at `none` are left out; a visible node under a hidden
   * one is shown under its nearest visible ancestor (or at the top), with that as its parentId.
   */
  async tree(caller: CabinCaller): Promise<CabinTreeNode[]> {
    const { nodes, levelOf } = await this.cabin.levelMap(caller);
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
    for (const [kind, handler] of this.kinds.all()) {
      const refIds = nodes.filter((n) => n.kind === kind && n.ref_id !== null).map((n) => n.ref_id!);
      if (handler.describe && refIds.length > 0) {
        result.set(kind, await handler.describe(companyId, refIds));
      }
    }
    return result;
  }

  async addDirectory(caller: CabinCaller, parentId: number | null, name: string): Promise<{ id: number }> {
    const problem = directoryNameProblem(name);
    if (problem) {
      throw validationError(problem === 'required' ? 'validation.nameRequired' : `validation.directoryName.${problem}`);
    }
    await this.cabin.requireParentDirectory(caller, parentId);
    const trimmed = name.trim();
    if (await this.repository.siblingNamed(caller.companyId, parentId, 'directory', trimmed)) {
      throw conflict('cabin.nameTaken');
    }
    const sortOrder = await this.repository.nextSortOrder(caller.companyId, parentId);
    const id = await this.repository.insertNode({ companyId: caller.companyId, parentId, kind: 'directory', name: trimmed, refId: null, sortOrder, userId: caller.userId });
    return { id };
  }
  /** Moving needs admin on the node and read-write on the new parent; never into its own subtree. */
  async move(caller: CabinCaller, id: number, parentId: number | null): Promise<void> {
    const node = await this.cabin.requireLevel(caller, id, 'admin');
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
    await this.cabin.requireParentDirectory(caller, parentId);
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
    const source = await this.cabin.requireLevel(caller, id, 'read');
    if (!(copyableNodeKinds as readonly string[]).includes(source.kind)) {
      throw validationError('cabin.copyKind');
    }
    if (parentId !== null) {
      const parentChain = await this.repository.chain(caller.companyId, parentId);
      if (parentChain.some((n) => n.id === id)) {
        throw validationError('cabin.copyIntoOwnSubtree');
      }
    }
    await this.cabin.requireParentDirectory(caller, parentId);
    const { levelOf } = await this.cabin.levelMap(caller);
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
        const handler = this.kinds.handler(node.kind);
        if (node.ref_id !== null && handler?.copy) {
          const refId = await handler.copy(trx, caller.companyId, node.ref_id, { nodeId: newId, name, userId: caller.userId });
          await nodes.setRef(caller.companyId, newId, refId);
          created.set(node.kind, [...(created.get(node.kind) ?? []), refId]);
        }
      }
      return newIds.get(id)!;
    });
    for (const [kind, refIds] of created) {
      await this.kinds.handler(kind)?.afterCopy?.(caller.companyId, refIds);
    }
    return { id: newRoot };
  }
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
