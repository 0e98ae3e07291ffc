import { allPermissionCodes, permissionTree, platformOnlyCodes, type PermissionDef } from '@smartdata/domain';
import { flattenRoutes } from '@/shared/routing/routeMatch';
import type { RouteEntry } from '@/shared/routing/types';

/**
 * How the role editor maps a role's codes to the permission tree and back. A role holds the code
 * of each page it opens and of that page's section (spec §2: a page shows when its group's and
 * its own code are held); in the tree a section is checked when all of its pages are and
 * half-checked when some are, and both count as held.
 */

/**
 * Permission codes with no screen yet: every route of the table that needs the code (as its own
 * code or as its group's) has no page attached, because its module is not built. A code no route
 * uses is not counted as unbuilt.
 */
export function unbuiltCodes(routeTable: readonly RouteEntry[]): Set<string> {
  const built = new Map<string, boolean>();
  for (const route of flattenRoutes([...routeTable])) {
    const hasPage = route.def.element !== undefined;
    for (const code of [route.def.permission, route.group?.permission]) {
      if (code !== undefined) {
        built.set(code, (built.get(code) ?? false) || hasPage);
      }
    }
  }
  return new Set([...built].filter(([, hasPage]) => !hasPage).map(([code]) => code));
}

/**
 * The sections a role of this company may be given: system maintenance only on the platform, and
 * only sections and pages that have screens (the route table with its pages attached, from the
 * console shell); a section left without pages is not offered. An empty table hides nothing.
 */
export function offeredPermissionTree(includePlatformCodes: boolean, routeTable: readonly RouteEntry[] = []): PermissionDef[] {
  const unbuilt = unbuiltCodes(routeTable);
  const sections = includePlatformCodes ? permissionTree : permissionTree.filter((def) => !platformOnlyCodes.includes(def.code));
  return sections.flatMap((section) => {
    if (unbuilt.has(section.code)) {
      return [];
    }
    if (!section.children || section.children.length === 0) {
      return [section];
    }
    const children = section.children.filter((child) => !unbuilt.has(child.code));
    return children.length === 0 ? [] : [{ ...section, children }];
  });
}

/**
 * The codes to save from the editor: what the tree gives, plus the role's codes the tree does not
 * show (sections without screens yet), so that editing a role never drops them — but for platform
 * codes a company's role may still hold from before: the tree of the platform shows them, and a
 * company may not be given them.
 */
export function keepingUnshown(codes: readonly string[], held: readonly string[], tree: PermissionDef[]): string[] {
  const shown = new Set(codesOf(tree));
  const merged = new Set([...codes, ...held.filter((code) => !shown.has(code) && !platformOnlyCodes.includes(code))]);
  return [...merged].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
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
