import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { matchRoute } from '@/shared/routing/routeAccess';
import { HOME_PATH, REDIRECT_PATH } from '@/app/router/routeTable';
import { appRoutes } from '@/app/router/routes';
import { useLocale } from '@/shared/i18n/useLocale';
import { tabAfterClosing, type VisitedTab } from './tabs';
import { useTabsStore } from './tabsStore';

const routeByPattern = new Map(appRoutes.map((route) => [route.def.path, route]));

/** Room kept beside a tab scrolled into view, so that its neighbour shows it is not the last. */
const SCROLL_MARGIN_PX = 24;

/**
 * Tab bar of visited pages (spec §2): click to switch, × to close, right-click for refresh,
 * close, close others, close all. Fixed tabs (/home) cannot be closed and stay at the left, out
 * of the scrolling row; the other tabs scroll (wheel, arrows when they overflow), the shown tab is
 * scrolled into view whenever it changes, and a list of all open pages switches to any of them
 * (issue 13: after about fifteen pages the shown tab and 首页 had scrolled out of sight).
 */
export function TabBar() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabsStore((state) => state.tabs);
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) {
      return;
    }
    const left = scroller.scrollLeft > 1;
    const right = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    setOverflow((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);

  const overflowing = overflow.left || overflow.right;

  // The shown tab is scrolled into view after it is added (the tab of a new page is opened by the
  // layout's effect, which runs after this component's, so this follows the tabs too) and again
  // when the arrows appear and narrow the row; not when the user scrolls the row away from it.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const active = scroller?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (scroller && active) {
      const view = scroller.getBoundingClientRect();
      const box = active.getBoundingClientRect();
      if (box.left < view.left) {
        scroller.scrollLeft -= view.left - box.left + SCROLL_MARGIN_PX;
      } else if (box.right > view.right) {
        scroller.scrollLeft += box.right - view.right + SCROLL_MARGIN_PX;
      }
    }
    measure();
  }, [pathname, tabs, overflowing, measure]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) {
      return undefined;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    // A mouse wheel scrolls the row sideways (it has no vertical scroll of its own).
    const handleWheel = (event: WheelEvent) => {
      if (event.deltaY !== 0 && event.deltaX === 0 && scroller.scrollWidth > scroller.clientWidth) {
        event.preventDefault();
        scroller.scrollLeft += event.deltaY;
      }
    };
    scroller.addEventListener('wheel', handleWheel, { passive: false });
    return () => {
      observer.disconnect();
      scroller.removeEventListener('wheel', handleWheel);
    };
  }, [measure]);

  const scrollBy = (direction: -1 | 1) => {
    const scroller = scrollerRef.current;
    if (scroller) {
      scroller.scrollBy({ left: direction * Math.max(scroller.clientWidth * 0.7, 120), behavior: 'smooth' });
    }
  };

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

  const renderTab = (tab: VisitedTab) => {
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
  };

  const fixedTabs = tabs.filter((tab) => tab.affix);
  const scrollingTabs = tabs.filter((tab) => !tab.affix);
  const allTabs: MenuProps = {
    'aria-label': t('tabs.all'),
    selectable: true,
    selectedKeys: [pathname],
    items: tabs.map((tab) => ({ key: tab.path, label: titleOf(tab) })),
    onClick: ({ key }) => {
      const chosen = tabs.find((tab) => tab.path === key);
      if (chosen && chosen.path !== pathname) {
        void navigate(chosen.fullPath);
      }
    },
  };

  return (
    <div className="sd-tabs">
      <div className="sd-tabs__list" role="tablist" aria-label={t('tabs.label')}>
        {fixedTabs.map(renderTab)}
        {overflowing && (
          <button
            type="button"
            className="sd-tabs__arrow"
            aria-label={t('tabs.scrollLeft')}
            disabled={!overflow.left}
            onClick={() => scrollBy(-1)}
          >
            <LeftOutlined />
          </button>
        )}
        <div className="sd-tabs__scroller" ref={scrollerRef} onScroll={measure}>
          {scrollingTabs.map(renderTab)}
        </div>
        {overflowing && (
          <button
            type="button"
            className="sd-tabs__arrow"
            aria-label={t('tabs.scrollRight')}
            disabled={!overflow.right}
            onClick={() => scrollBy(1)}
          >
            <RightOutlined />
          </button>
        )}
      </div>
      <Dropdown trigger={['click']} placement="bottomRight" menu={allTabs}>
        <button type="button" className="sd-tabs__all" aria-label={t('tabs.all')} title={t('tabs.all')}>
          <DownOutlined />
        </button>
      </Dropdown>
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
