import { useMemo } from 'react';
import { Button, Tree, type TreeDataNode } from 'antd';
import { CaretDownFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PermissionDef } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { useConsoleShell } from '@/shared/routing/consoleShell';
import { checkedKeysOf, codesFromTree, keepingUnshown, offeredPermissionTree } from './permissionCodes';

interface PermissionTreeProps {
  /** The role's codes (a Form.Item passes them). */
  value?: string[];
  onChange?: (codes: string[]) => void;
  /** System maintenance codes: offered for roles of the platform company only. */
  includePlatformCodes?: boolean;
  id?: string;
}

/**
 * The permission-code editor: a checkbox tree grouped as the menu is (sections, then their
 * pages). Clicking a title toggles it too; keyboard: arrows move, space toggles.
 */
export function PermissionTree({ value = [], onChange, includePlatformCodes = false, id }: PermissionTreeProps) {
  const { t } = useTranslation('roles');
  const locale = useLocale();
  const { routeTable } = useConsoleShell();
  const tree = useMemo(() => offeredPermissionTree(includePlatformCodes, routeTable), [includePlatformCodes, routeTable]);
  const treeData = useMemo<TreeDataNode[]>(() => {
    const toNode = (def: PermissionDef): TreeDataNode => ({
      key: def.code,
      title: def.title[locale],
      children: def.children?.map(toNode),
    });
    return tree.map(toNode);
  }, [tree, locale]);
  const allPages = useMemo(() => checkedKeysOf(tree.flatMap((def) => [def.code, ...(def.children ?? []).map((c) => c.code)]), tree), [tree]);
  const checkedKeys = useMemo(() => checkedKeysOf(value, tree), [value, tree]);

  return (
    <div className="sd-permission-tree" id={id}>
      <div className="sd-permission-tree__bar">
        <span className="sd-muted">{t('tree.selected', { count: checkedKeys.length, total: allPages.length })}</span>
        <span className="sd-permission-tree__bar-actions">
          <Button size="small" type="link" onClick={() => onChange?.(keepingUnshown(codesFromTree(allPages, tree.map((def) => def.code), tree), value, tree))}>
            {t('tree.selectAll')}
          </Button>
          <Button size="small" type="link" onClick={() => onChange?.([])} disabled={checkedKeys.length === 0}>
            {t('tree.clear')}
          </Button>
        </span>
      </div>
      <div className="sd-permission-tree__body">
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          // Hidden from assistive technology, so a section reads as its title, not "caret-down …".
          switcherIcon={<CaretDownFilled aria-hidden="true" />}
          treeData={treeData}
          checkedKeys={checkedKeys}
          aria-label={t('fields.codes')}
          onCheck={(checked, info) => {
            const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
            onChange?.(keepingUnshown(codesFromTree(keys, (info.halfCheckedKeys ?? []).map(String), tree), value, tree));
          }}
        />
      </div>
    </div>
  );
}
