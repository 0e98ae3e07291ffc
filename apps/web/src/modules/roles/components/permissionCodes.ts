import { allPermissionCodes, permissionTree, platformOnlyCodes, type PermissionDef } from '@smartdata/domain';

/**
 * How the role editor maps a role's codes to the permission tree and back. A role holds the code
 * of each page it opens and of that page's section (spec §2: a page shows when its group's and
 * its own code are held); in the tree a section is checked when all of its pages are and
 * half-checked when some are, and both count as held.
 */

/** The sections a role of this company may be given: system maintenance only on the platform. */
export function offeredPermissionTree(includePlatformCodes: boolean): PermissionDef[] {
  return includePlatformCodes ? permissionTree : permissionTree.filter((def) => !platformOnlyCodes.includes(def.code));
}

function leavesOf(defs: PermissionDef[]): string[] {
  return defs.flatMap((def) => (def.children && def.children.length > 0 ? leavesOf(def.children) : [def.code]));
}

function codesOf(defs: PermissionDef[]): string[] {
  return defs.flatMap((def) => [def.code, ...codesOf(def.children ?? [])]);
}

/** The tree keys to show checked for a role's codes: the pages it holds (sections follow). */
export function checkedKeysOf(codes: readonly string[], tree: PermissionDef[]): string[] {
  const held = new Set(codes);
  return leavesOf(tree).filter((code) => held.has(code));
}

const order = new Map(allPermissionCodes.map((code, index) => [code, index]));

/** The codes to save from the tree's checked and half-checked keys, in the tree's order. */
export function codesFromTree(checked: readonly string[], halfChecked: readonly string[], tree: PermissionDef[]): string[] {
  const offered = new Set(codesOf(tree));
  const codes = new Set([...checked, ...halfChecked].filter((code) => offered.has(code)));
  return [...codes].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** The pages (leaf codes) among a role's codes, counted for the list. */
export function pageCodeCount(codes: readonly string[]): number {
  const leaves = new Set(leavesOf(permissionTree));
  return codes.filter((code) => leaves.has(code)).length;
}

/** The sections a role reaches (held sections with at least one held page), for the list. */
export function sectionsOf(codes: readonly string[]): PermissionDef[] {
  const held = new Set(codes);
  return permissionTree.filter((def) => held.has(def.code) && (def.children ?? []).some((child) => held.has(child.code)));
}
