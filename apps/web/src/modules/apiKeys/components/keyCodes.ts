import type { PermissionDef } from '@smartdata/domain';

/**
 * The sections and pages a key may be given: those of the offered tree (the role editor's: no
 * platform codes, only pages with screens) that the creator holds now. A section shows when the
 * creator holds at least one of its pages.
 */
export function heldTree(tree: readonly PermissionDef[], held: ReadonlySet<string>): PermissionDef[] {
  return tree.flatMap((section) => {
    if (!section.children || section.children.length === 0) {
      return held.has(section.code) ? [section] : [];
    }
    const children = section.children.filter((child) => held.has(child.code));
    return children.length === 0 ? [] : [{ ...section, children }];
  });
}

/**
 * The codes to give a key from the tree's checked pages: the pages, and the section of each
 * (a role holds both; spec §2) when the creator holds it — never a code the creator lacks.
 */
export function keyCodesOf(checkedPages: readonly string[], tree: readonly PermissionDef[], held: ReadonlySet<string>): string[] {
  const checked = new Set(checkedPages);
  const codes: string[] = [];
  for (const section of tree) {
    const pages = (section.children ?? []).filter((child) => checked.has(child.code)).map((child) => child.code);
    const leafChecked = (section.children ?? []).length === 0 && checked.has(section.code);
    if ((pages.length > 0 || leafChecked) && held.has(section.code)) {
      codes.push(section.code);
    }
    codes.push(...pages);
  }
  return codes;
}

/** The pages (leaves) among codes: what the tree shows checked. */
export function checkedPagesOf(codes: readonly string[], tree: readonly PermissionDef[]): string[] {
  const held = new Set(codes);
  return tree.flatMap((section) => ((section.children ?? []).length === 0 ? [section.code] : (section.children ?? []).map((child) => child.code))).filter((code) => held.has(code));
}
