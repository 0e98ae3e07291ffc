import { useEffect, useRef } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { matchRoute } from '@/shared/routing/routeAccess';
import { HOME_PATH, REDIRECT_PATH } from '@/app/router/routeTable';
import { appRoutes } from '@/app/router/routes';
import { useLocale } from '@/shared/i18n/useLocale';
import { tabAfterClosing, type VisitedTab } from './tabs';
import { useTabsStore } from './tabsStore';

const routeByPattern = new Map(appRoutes.map((route) => [route.def.path, route]));

/**
 * Tab bar of visited pages (spec §2): click to switch, × to close, right-click for refresh,
 * close, close others, close all. Fixed tabs (/home) cannot be closed.
 */
export function TabBar() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabsStore((state) => state.tabs);
  const activeRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const titleOf = (tab: VisitedTab) => routeByPattern.get(tab.routePath)?.def.title[locale] ?? tab.path;

  const goAfter = (before: VisitedTab[], closedPath: string) => {
    const after = useTabsStore.getState().tabs;
    if (after.some((tab) => tab.path === pathname)) {
      return;
    }
    const next = tabAfterClosing(before, after, closedPath);
    void navigate(next?.fullPath ?? HOME_PATH);
  };

  const handleClose = (tab: VisitedTab) => {
    const before = useTabsStore.getState().tabs;
    useTabsStore.getState().close(tab.path);
    goAfter(before, tab.path);
  };

  const handleMenu = (tab: VisitedTab, action: string) => {
    const store = useTabsStore.getState();
    switch (action) {
      case 'refresh':
        void navigate(`${REDIRECT_PATH}${tab.fullPath}`, { replace: tab.path === pathname });
        break;
      case 'close':
        handleClose(tab);
        break;
      case 'closeOthers':
        store.closeOthers(tab.path);
        if (tab.path !== pathname) {
          void navigate(tab.fullPath);
        }
        break;
      case 'closeAll': {
        store.closeAll();
        const remaining = useTabsStore.getState().tabs;
        if (!remaining.some((remainingTab) => remainingTab.path === pathname)) {
          void navigate(remaining[remaining.length - 1]?.fullPath ?? HOME_PATH);
        }
        break;
      }
      default:
        break;
    }
  };

  return (
    <div className="sd-tabs" role="tablist" aria-label={t('tabs.label')}>
      {tabs.map((tab) => {
        const title = titleOf(tab);
        const active = tab.path === pathname;
        const items: MenuProps['items'] = [
          { key: 'refresh', label: t('tabs.refresh') },
          { key: 'close', label: t('tabs.close'), disabled: tab.affix },
          { key: 'closeOthers', label: t('tabs.closeOthers') },
          { key: 'closeAll', label: t('tabs.closeAll') },
        ];
        return (
          <Dropdown key={tab.path} trigger={['contextMenu']} menu={{ items, onClick: ({ key }) => handleMenu(tab, key) }}>
            <div
              ref={active ? activeRef : undefined}
              className={active ? 'sd-tab sd-tab--active' : 'sd-tab'}
              role="tab"
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              title={title}
              onClick={() => {
                if (!active) {
                  void navigate(tab.fullPath);
                }
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  void navigate(tab.fullPath);
                }
              }}
            >
              {active && <span className="sd-tab__dot" aria-hidden="true" />}
              <span className="sd-tab__title">{title}</span>
              {!tab.affix && (
                <button
                  type="button"
                  className="sd-tab__close"
                  aria-label={t('tabs.closeTab', { title })}
                  onClick={(event) => {
                    event.stopPropagation();
                    handleClose(tab);
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}

/** Registers the current page as a tab when it is a console page (not /redirect, not a group). */
export function useTrackVisitedTab(): void {
  const { pathname, search } = useLocation();
  const open = useTabsStore((state) => state.open);
  useEffect(() => {
    const home = appRoutes.find((route) => route.def.path === HOME_PATH && route.def.element);
    if (home) {
      open({ path: HOME_PATH, fullPath: HOME_PATH, routePath: HOME_PATH, affix: true });
    }
    if (pathname.startsWith(`${REDIRECT_PATH}/`)) {
      return;
    }
    const matched = matchRoute(appRoutes, pathname);
    if (matched && !matched.def.fullscreen) {
      open({ path: pathname, fullPath: `${pathname}${search}`, routePath: matched.def.path, affix: matched.def.affix === true });
    }
  }, [open, pathname, search]);
}
