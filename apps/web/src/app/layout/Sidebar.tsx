import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appRouteTable } from '@/app/router/routes';
import { buildMenu } from '@/shared/routing/routeAccess';
import { useCurrentRoute } from '@/app/router/useCurrentRoute';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { CompanyLogo } from '@/shared/components/CompanyLogo';
import { ProductMark } from '@/shared/components/ProductMark';
import { useLocale } from '@/shared/i18n/useLocale';
import { useSessionStore } from '@/shared/session/sessionStore';
import { routeIcon } from '@/shared/routing/routeIcons';

interface SidebarProps {
  collapsed: boolean;
  onNavigate?: () => void;
}

/** Dark sidebar: company title and logo, then the menu of permitted pages (spec §2). */
export function Sidebar({ collapsed, onNavigate }: SidebarProps) {
  const { t } = useTranslation(['common', 'product']);
  const locale = useLocale();
  const navigate = useNavigate();
  const codes = useMenuCodes();
  const company = useSessionStore((state) => state.company);
  const current = useCurrentRoute();

  const menu = useMemo(() => buildMenu(appRouteTable, codes), [codes]);
  const items: MenuProps['items'] = useMemo(
    () =>
      menu.map((node) =>
        node.children
          ? {
              key: node.path,
              icon: routeIcon(node.icon),
              label: node.title[locale],
              children: node.children.map((child) => ({ key: child.path, label: child.title[locale] })),
            }
          : { key: node.path, icon: routeIcon(node.icon), label: node.title[locale] },
      ),
    [menu, locale],
  );

  const groupPath = current?.group?.path;
  const [openKeys, setOpenKeys] = useState<string[]>(groupPath ? [groupPath] : []);
  useEffect(() => {
    if (groupPath) {
      setOpenKeys((keys) => (keys.includes(groupPath) ? keys : [...keys, groupPath]));
    }
  }, [groupPath]);

  const title = company?.displayName ?? t('product:title');
  return (
    <nav className="sd-sidebar" aria-label={t('layout.mainMenu')}>
      <div className={collapsed ? 'sd-sidebar__brand sd-sidebar__brand--collapsed' : 'sd-sidebar__brand'} title={title}>
        {company ? (
          <CompanyLogo name={company.displayName} cfg={company.cfg} size={30} alt={t('layout.companyLogo', { name: title })} />
        ) : (
          <ProductMark size={30} />
        )}
        {!collapsed && <span className="sd-sidebar__title">{title}</span>}
      </div>
      <div className="sd-sidebar__menu">
        <Menu
          theme="dark"
          mode="inline"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={current && !current.def.hidden ? [current.def.path] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => {
            void navigate(key);
            onNavigate?.();
          }}
        />
      </div>
    </nav>
  );
}
