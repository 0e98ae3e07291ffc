import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { directoryNameProblem } from '../shared/validators';
import { nameText } from '../shared/text';

/**
 * The data cabin (spec §1, §3, §4, §6): a tree of nodes per company with data permissions.
 * Decisions are written down in docs/cabin.md.
 */

/** Node kinds. Directories and data items are built by the cabin; later modules add the others. */
export const cabinNodeKinds = ['directory', 'dataItem', 'dashboard', 'device', 'meter', 'reportTemplate', 'file', 'project'] as const;
export type CabinNodeKind = (typeof cabinNodeKinds)[number];
/** Spec §9: cabin copy applies only to directories and data items. */
export const copyableNodeKinds: readonly CabinNodeKind[] = ['directory', 'dataItem'];
/** Kinds that hold other nodes: directories, and projects (what belongs to one site or customer). */
export const containerNodeKinds: readonly CabinNodeKind[] = ['directory', 'project'];
export function isContainerKind(kind: string): boolean {
  return (containerNodeKinds as readonly string[]).includes(kind);
}

/** Data permission levels (spec §4), weakest first. */
export const permissionLevels = ['none', 'read', 'readWrite', 'admin'] as const;
export type PermissionLevel = (typeof permissionLevels)[number];
export const permissionModes = ['default', 'custom'] as const;
export type PermissionMode = (typeof permissionModes)[number];
/** Who a grant is for: every user of the company, a group, a person (spec §3 "directory permissions"). */
export const grantScopes = ['company', 'group', 'user'] as const;
export type GrantScope = (typeof grantScopes)[number];

export function levelRank(level: PermissionLevel): number {
  return permissionLevels.indexOf(level);
}

/** True when `level` is at least `needed` (admin ⊃ readWrite ⊃ read ⊃ none). */
export function levelAtLeast(level: PermissionLevel, needed: PermissionLevel): boolean {
  return levelRank(level) >= levelRank(needed);
}

/**
 * What the whole company holds where no custom node says otherwise (the virtual root of every
 * company's tree): read-write for every member with the data cabin menu code.
 */
export const rootGrantLevel: PermissionLevel = 'readWrite';

/** The grants that apply at a node, and who they are for. */
export interface GrantLike {
  scope: GrantScope;
  targetId: number;
  level: PermissionLevel;
}

/**
 * A person's level from one grant set (the set of the nearest custom node, or the root's): a
 * grant to the person wins over their groups' grants, which win over the company-wide grant;
 * among several groups the most generous wins; nothing granted means none. A custom node's set
 * replaces what is inherited, so a person's `none` there hides it even under a company-wide
 * read-write above.
 */
export function resolveLevel(grants: readonly GrantLike[], person: { userId: number; groupIds: readonly number[] }): { level: PermissionLevel; source: GrantScope | 'none' } {
  const own = grants.find((g) => g.scope === 'user' && g.targetId === person.userId);
  if (own) {
    return { level: own.level, source: 'user' };
  }
  const groupLevels = grants.filter((g) => g.scope === 'group' && person.groupIds.includes(g.targetId)).map((g) => levelRank(g.level));
  if (groupLevels.length > 0) {
    return { level: permissionLevels[Math.max(...groupLevels)], source: 'group' };
  }
  const company = grants.find((g) => g.scope === 'company');
  return company ? { level: company.level, source: 'company' } : { level: 'none', source: 'none' };
}

/** Limits of tree nodes; directory and data item names have their own (limits.directoryNameLength, dataItemLimits.nameLength). */
export const cabinLimits = {
  /** The name of a node of another kind (dashboard, device, …) when renamed in the tree. */
  nodeNameLength: 100,
} as const;

const id = idSchema;
/** Absent, null or '' means the root of the tree. */
const parentIdSchema = z.preprocess((value) => (value === '' || value === undefined ? null : value), id.nullable());

/** Directory name (spec §5): required, at most 25 characters, no percent sign. */
export const directoryNameSchema = nameText()
  .superRefine((name, ctx) => {
    const problem = directoryNameProblem(name);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem === 'required' ? 'validation.nameRequired' : `validation.directoryName.${problem}` });
    }
  });

/** `POST /general/cabin/addDirectory` → `{ id }` */
export const addDirectoryRequest = z.object({ parentId: parentIdSchema, name: directoryNameSchema });
export type AddDirectoryRequest = z.infer<typeof addDirectoryRequest>;
/** `POST /general/cabin/renameNode`; the name rule is the node kind's (directory or data item). */
export const renameNodeRequest = z.object({ id, name: nameText().min(1, 'validation.nameRequired').max(cabinLimits.nodeNameLength, 'validation.tooLong') });
export type RenameNodeRequest = z.infer<typeof renameNodeRequest>;
/** `POST /general/cabin/moveNode`, `/copyNode`: parentId null = the root. */
export const moveNodeRequest = z.object({ id, parentId: parentIdSchema });
export type MoveNodeRequest = z.infer<typeof moveNodeRequest>;
export const copyNodeRequest = moveNodeRequest;
export type CopyNodeRequest = z.infer<typeof copyNodeRequest>;
export const nodeIdRequest = z.object({ id });
export type NodeIdRequest = z.infer<typeof nodeIdRequest>;
/** The answer of `POST /general/cabin/deleteNode`: how many nodes went (the node and its subtree). */
export interface DeleteNodeResult {
  deleted: number;
}
/** `GET /general/cabin/getPermission?nodeId=` */
export const permissionQuery = z.object({ nodeId: id });
export type PermissionQuery = z.infer<typeof permissionQuery>;

export const grantInput = z.object({
  scope: z.enum(grantScopes),
  /** The group or user id; for `company` the caller's company id (or left out). */
  targetId: id.optional(),
  level: z.enum(permissionLevels),
});
/** `POST /general/cabin/setPermission`; with mode `default` the grants are ignored and cleared. */
export const setPermissionRequest = z.object({
  nodeId: id,
  mode: z.enum(permissionModes),
  grants: z.array(grantInput).max(500, 'validation.tooLong').default([]),
});
export type SetPermissionRequest = z.infer<typeof setPermissionRequest>;

/** One node of `GET /general/cabin/getTree` (nested; nodes the caller holds at `none` are left out). */
export interface CabinTreeNode {
  id: number;
  parentId: number | null;
  kind: CabinNodeKind;
  name: string;
  /** The id of the node's entity in its module (data item id for kind dataItem). */
  refId: number | null;
  /** Module details (a data item's kind code, …). */
  extra: Record<string, unknown>;
  mode: PermissionMode;
  /** The caller's effective level at this node. */
  level: PermissionLevel;
  sortOrder: number;
  createdAt: number;
  children: CabinTreeNode[];
}

export interface GrantView {
  scope: GrantScope;
  targetId: number;
  /** Company display name, group name or person's name. */
  targetName: string;
  level: PermissionLevel;
}

/** `GET /general/cabin/getPermission` */
export interface NodePermission {
  nodeId: number;
  mode: PermissionMode;
  /** This node's own grants (custom mode only). */
  grants: GrantView[];
  /** What the node would inherit: the grants of the nearest custom ancestor, or the root's. */
  inherited: GrantView[];
  /** The node the inherited grants come from (null: the root of the tree). */
  inheritedFrom: { nodeId: number; name: string } | null;
  /** The caller's effective level here, and why. */
  effective: { level: PermissionLevel; source: 'companyAdmin' | 'user' | 'group' | 'company' | 'none' };
}
