import { useMemo } from 'react';
import { Button, Tree, type TreeDataNode } from 'antd';
import { CaretDownFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PermissionDef } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { checkedPagesOf, keyCodesOf } from './keyCodes';

interface KeyCodesTreeProps {
  /** The creator's sections and pages (heldTree). */
  tree: PermissionDef[];
  held: ReadonlySet<string>;
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
}

/** The key's codes: a checkbox tree of the creator's own codes, grouped as the menu is (like the role editor). */
export function KeyCodesTree({ tree, held, value = [], onChange, id }: KeyCodesTreeProps) {
  const { t } = useTranslation('apiKeys');
  const locale = useLocale();
  const treeData = useMemo<TreeDataNode[]>(() => {
    const toNode = (def: PermissionDef): TreeDataNode => ({ key: def.code, title: def.title[locale], children: def.children?.map(toNode) });
    return tree.map(toNode);
  }, [tree, locale]);
  const allPages = useMemo(() => checkedPagesOf(tree.flatMap((def) => [def.code, ...(def.children ?? []).map((c) => c.code)]), tree), [tree]);
  const checked = useMemo(() => checkedPagesOf(value, tree), [value, tree]);
  const emit = (pages: string[]) => onChange?.(keyCodesOf(pages, tree, held));

  return (
    <div className="sd-key-codes" id={id}>
      <div className="sd-key-codes__bar">
        <span className="sd-muted">{t('form.selected', { count: checked.length, total: allPages.length })}</span>
        <span>
          <Button size="small" type="link" onClick={() => emit(allPages)}>
            {t('form.selectAll')}
          </Button>
          <Button size="small" type="link" onClick={() => emit([])} disabled={checked.length === 0}>
            {t('form.clear')}
          </Button>
        </span>
      </div>
      <div className="sd-key-codes__body">
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          switcherIcon={<CaretDownFilled aria-hidden="true" />}
          treeData={treeData}
          checkedKeys={checked}
          aria-label={t('form.codes')}
          onCheck={(keys) => emit((Array.isArray(keys) ? keys : keys.checked).map(String).filter((code) => allPages.includes(code)))}
        />
      </div>
    </div>
  );
}
