import { copyableNodeKinds, isContainerKind, levelAtLeast, rootGrantLevel, type CabinTreeNode, type PermissionLevel } from '@smartdata/domain';

/**
 * Pure helpers over the tree of `GET /cabin/getTree`: lookup, paths, search, and the checks the
 * page makes before it sends a move or a copy (the server makes them again).
 */

export interface IndexedNode {
  node: CabinTreeNode;
  /** Names from the top of the tree down to the node. */
  path: string[];
}

export type TreeIndex = ReadonlyMap<number, IndexedNode>;

export function indexTree(roots: readonly CabinTreeNode[]): TreeIndex {
  const index = new Map<number, IndexedNode>();
  const visit = (nodes: readonly CabinTreeNode[], path: string[]) => {
    for (const node of nodes) {
      const own = [...path, node.name];
      index.set(node.id, { node, path: own });
      visit(node.children, own);
    }
  };
  visit(roots, []);
  return index;
}

/** The caller's level at the top of the tree (creating there): what the whole company holds. */
export const ROOT_LEVEL: PermissionLevel = rootGrantLevel;

/** The caller's level at a directory, or at the root for null. */
export function levelAt(index: TreeIndex, directoryId: number | null): PermissionLevel {
  return directoryId === null ? ROOT_LEVEL : (index.get(directoryId)?.node.level ?? 'none');
}

/** True when `candidateId` is `ancestorId` itself or lies below it. */
export function isInSubtree(index: TreeIndex, ancestorId: number, candidateId: number | null): boolean {
  let current = candidateId === null ? undefined : index.get(candidateId)?.node;
  while (current) {
    if (current.id === ancestorId) {
      return true;
    }
    current = current.parentId === null ? undefined : index.get(current.parentId)?.node;
  }
  return false;
}

/** How many nodes lie below a node (the caller sees). */
export function descendantCount(node: CabinTreeNode): number {
  return node.children.reduce((sum, child) => sum + 1 + descendantCount(child), 0);
}

export type MoveProblem = 'ownSubtree' | 'notDirectory' | 'sameParent' | 'noAdmin' | 'noWrite';

/**
 * Why a node cannot go under `parentId` (null: the top), or null when it can: never into itself
 * or its own subtree, only under a directory, admin on the node and read-write where it lands
 * (docs/cabin.md, moveNode). Landing where it already is would change nothing.
 */
export function moveProblem(index: TreeIndex, nodeId: number, parentId: number | null): MoveProblem | null {
  const entry = index.get(nodeId);
  if (!entry) {
    return 'noAdmin';
  }
  if (parentId !== null && isInSubtree(index, nodeId, parentId)) {
    return 'ownSubtree';
  }
  if (parentId !== null && !isContainerKind(index.get(parentId)?.node.kind ?? '')) {
    return 'notDirectory';
  }
  if (entry.node.parentId === parentId) {
    return 'sameParent';
  }
  if (!levelAtLeast(entry.node.level, 'admin')) {
    return 'noAdmin';
  }
  return levelAtLeast(levelAt(index, parentId), 'readWrite') ? null : 'noWrite';
}

export type CopyProblem = 'kind' | 'ownSubtree' | 'notDirectory' | 'noWrite';

/**
 * Why a node cannot be copied under `parentId`, or null: only directories and data items (spec
 * §9), a directory never into its own subtree, read-write where the copy lands.
 */
export function copyProblem(index: TreeIndex, nodeId: number, parentId: number | null): CopyProblem | null {
  const node = index.get(nodeId)?.node;
  if (!node || !copyableNodeKinds.includes(node.kind)) {
    return 'kind';
  }
  if (parentId !== null && isContainerKind(node.kind) && isInSubtree(index, nodeId, parentId)) {
    return 'ownSubtree';
  }
  if (parentId !== null && !isContainerKind(index.get(parentId)?.node.kind ?? '')) {
    return 'notDirectory';
  }
  return levelAtLeast(levelAt(index, parentId), 'readWrite') ? null : 'noWrite';
}

/** What the caller may do with a node, from their effective level there (docs/cabin.md). */
export interface NodeAbilities {
  /** Create directories and data items inside (directories only). */
  create: boolean;
  rename: boolean;
  copy: boolean;
  move: boolean;
  delete: boolean;
  permissions: boolean;
}

export function nodeAbilities(node: Pick<CabinTreeNode, 'kind' | 'level'>): NodeAbilities {
  const write = levelAtLeast(node.level, 'readWrite');
  const admin = levelAtLeast(node.level, 'admin');
  return {
    create: write && isContainerKind(node.kind),
    rename: write,
    copy: levelAtLeast(node.level, 'read') && copyableNodeKinds.includes(node.kind),
    move: admin,
    delete: admin,
    permissions: admin,
  };
}

export interface FilteredTree {
  nodes: CabinTreeNode[];
  /** Nodes whose name holds the keyword. */
  matches: Set<number>;
  /** Directories to open so that every match shows. */
  expand: number[];
}

/**
 * The tree narrowed to the nodes whose name holds `keyword` (case-insensitive) and their
 * ancestors; a matching directory keeps its whole subtree. An empty keyword keeps everything.
 */
export function filterTree(roots: readonly CabinTreeNode[], keyword: string): FilteredTree {
  const needle = keyword.trim().toLowerCase();
  const matches = new Set<number>();
  const expand: number[] = [];
  if (needle === '') {
    return { nodes: [...roots], matches, expand };
  }
  const visit = (nodes: readonly CabinTreeNode[]): CabinTreeNode[] => {
    const kept: CabinTreeNode[] = [];
    for (const node of nodes) {
      const hit = node.name.toLowerCase().includes(needle);
      if (hit) {
        matches.add(node.id);
      }
      const children = visit(node.children);
      if (children.length > 0) {
        expand.push(node.id);
      }
      if (hit) {
        // A match keeps its children so a found directory can be opened; matches below it are
        // marked by the visit above.
        kept.push(node);
      } else if (children.length > 0) {
        kept.push({ ...node, children });
      }
    }
    return kept;
  };
  return { nodes: visit(roots), matches, expand };
}

/** Every node id of the tree, in display order (expand all). */
export function directoryIds(roots: readonly CabinTreeNode[]): number[] {
  const ids: number[] = [];
  const visit = (nodes: readonly CabinTreeNode[]) => {
    for (const node of nodes) {
      if (node.children.length > 0) {
        ids.push(node.id);
        visit(node.children);
      }
    }
  };
  visit(roots);
  return ids;
}

/** The first node matching `test`, depth first. */
export function findNode(roots: readonly CabinTreeNode[], test: (node: CabinTreeNode) => boolean): CabinTreeNode | null {
  for (const node of roots) {
    if (test(node)) {
      return node;
    }
    const found = findNode(node.children, test);
    if (found) {
      return found;
    }
  }
  return null;
}

export interface DirectoryOption {
  value: number;
  title: string;
  disabled: boolean;
  children: DirectoryOption[];
}

/**
 * The directories of the tree as picker options (a directory under a refused one is still
 * offered when it is allowed itself).
 */
export function directoryOptions(roots: readonly CabinTreeNode[], allowed: (directory: CabinTreeNode) => boolean): DirectoryOption[] {
  return roots
    .filter((node) => isContainerKind(node.kind))
    .map((node) => ({ value: node.id, title: node.name, disabled: !allowed(node), children: directoryOptions(node.children, allowed) }));
}

/** The value a picker uses for the top of the tree (tree-select values cannot be null). */
export const TOP_VALUE = 0;
