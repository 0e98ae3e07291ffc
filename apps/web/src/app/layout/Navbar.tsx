import { lazy, Suspense } from 'react';
import { Breadcrumb, Button, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AlarmBell } from '@/modules/alarms/components/AlarmBell';
import { AssignmentsBadge } from '@/modules/users/components/AssignmentsBadge';
import { RenewalNotice } from '@/modules/orders/components/RenewalNotice';
import { isPermitted } from '@/shared/routing/routeAccess';
import { HOME_PATH, REDIRECT_PATH } from '@/app/router/routeTable';
import { appRoutes } from '@/app/router/routes';
import { useCurrentRoute } from '@/app/router/useCurrentRoute';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useLocale } from '@/shared/i18n/useLocale';
import { useSessionStore } from '@/shared/session/sessionStore';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';

interface NavbarProps {
  isMobile: boolean;
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
}

// Sales orders close to their service end (docs/sales.md): its own chunk, loaded after the shell.
const SalesRenewalBadge = lazy(() => import('@/modules/sales/components/SalesRenewalBadge').then((m) => ({ default: m.SalesRenewalBadge })));

const homeRoute = appRoutes.find((route) => route.def.path === HOME_PATH);
const MY_ORDERS_PATH = '/user/myorder';
const myOrdersRoute = appRoutes.find((route) => route.def.path === MY_ORDERS_PATH);

/**
 * Navbar: menu toggle, breadcrumb, refresh, renewal notice (spec §1), my assignments (issue 14.5), the alarm bell (issue 15),
 * language switch and user dropdown (spec §2).
 */
export function Navbar({ isMobile, sidebarOpened, onToggleSidebar }: NavbarProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = useCurrentRoute();
  const codes = useMenuCodes();
  const orderInfo = useSessionStore((state) => state.user?.orderInfo ?? null);
  const ordersPath = myOrdersRoute?.def.element !== undefined && isPermitted(myOrdersRoute, codes) ? MY_ORDERS_PATH : null;

  const toggleLabel = isMobile ? t('layout.openMenu') : sidebarOpened ? t('layout.collapseSidebar') : t('layout.expandSidebar');

  const crumbs: { key: string; title: React.ReactNode }[] = [];
  if (homeRoute) {
    const homeTitle = homeRoute.def.title[locale];
    crumbs.push({ key: HOME_PATH, title: current?.def.path === HOME_PATH ? homeTitle : <Link to={HOME_PATH}>{homeTitle}</Link> });
  }
  if (current && current.def.path !== HOME_PATH) {
    if (current.group) {
      crumbs.push({ key: current.group.path, title: <Link to={current.group.path}>{current.group.title[locale]}</Link> });
    }
    crumbs.push({ key: current.def.path, title: current.def.title[locale] });
  }

  const handleRefresh = () => {
    void navigate(`${REDIRECT_PATH}${pathname}${search}`, { replace: true });
  };

  return (
    <div className="sd-navbar">
      <Tooltip title={toggleLabel}>
        <Button
          type="text"
          className="sd-navbar__button"
          aria-label={toggleLabel}
          aria-expanded={isMobile ? undefined : sidebarOpened}
          icon={sidebarOpened && !isMobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={onToggleSidebar}
        />
      </Tooltip>
      <Tooltip title={t('layout.refresh')}>
        <Button type="text" className="sd-navbar__button" aria-label={t('layout.refresh')} icon={<ReloadOutlined />} onClick={handleRefresh} />
      </Tooltip>
      {!isMobile && (
        <nav aria-label={t('layout.breadcrumb')} className="sd-navbar__breadcrumb">
          <Breadcrumb items={crumbs} />
        </nav>
      )}
      <div className="sd-navbar__right">
        <RenewalNotice orderInfo={orderInfo} ordersPath={ordersPath} compact={isMobile} />
        {codes.has('sl_order') && (
          <Suspense fallback={null}>
            <SalesRenewalBadge compact={isMobile} />
          </Suspense>
        )}
        <AssignmentsBadge />
        <AlarmBell />
        <LanguageMenu />
        <UserMenu compact={isMobile} />
      </div>
    </div>
  );
}
