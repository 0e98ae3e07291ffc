import { describe, expect, it } from 'vitest';
import type { PermissionDef } from '@smartdata/domain';
import { checkedPagesOf, heldTree, keyCodesOf } from './keyCodes';

const p = (code: string, children?: PermissionDef[]): PermissionDef => ({ code, title: { 'zh-CN': code, 'en-US': code }, ...(children ? { children } : {}) });
const tree = [p('sys_setting', [p('sys_tag'), p('sys_api_key')]), p('user_management', [p('um_user'), p('um_role')])];

describe('the codes a key may be given', () => {
  it('offers only the sections and pages the creator holds', () => {
    const held = new Set(['sys_setting', 'sys_tag', 'um_role']);
    expect(heldTree(tree, held)).toEqual([p('sys_setting', [p('sys_tag')]), p('user_management', [p('um_role')])]);
  });

  it('gives checked pages with their sections, but never a section the creator lacks', () => {
    const held = new Set(['sys_setting', 'sys_tag', 'um_role']);
    expect(keyCodesOf(['sys_tag', 'um_role'], heldTree(tree, held), held)).toEqual(['sys_setting', 'sys_tag', 'um_role']);
    expect(keyCodesOf([], heldTree(tree, held), held)).toEqual([]);
  });

  it('shows the pages among the codes as checked', () => {
    expect(checkedPagesOf(['sys_setting', 'sys_tag'], tree)).toEqual(['sys_tag']);
  });
});
