import { useEffect } from 'react';
import { App, ConfigProvider, Drawer, Layout } from 'antd';
import type { TableProps } from 'antd';
import { useLocation } from 'react-router';
import { limits } from '@smartdata/domain';
import { useIsMobile } from '@/shared/hooks/useIsMobile';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { useLayoutStore } from './layoutStore';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { TabBar, useTrackVisitedTab } from './TabBar';
import { useDayjsLocale } from './useDayjsLocale';
import './layout.css';

const COLLAPSED_WIDTH = 64;

/**
 * Every table of the console on a phone (below 576px): it scrolls sideways inside its card
 * instead of squeezing its columns (a table that sets its own `scroll.x` keeps it), its first
 * column stays in place and a shade at the right edge shows there is more (layout.css,
 * `.sd-table--phone`). One setting here rather than one per table (issue 13).
 */
const PHONE_TABLE: { scroll: TableProps['scroll']; className: string } = { scroll: { x: 'max-content' }, className: 'sd-table--phone' };

/**
 * The console shell (spec §2 layout): dark collapsible 240px sidebar (a drawer below 992px),
 * navbar, tab bar, and the kept-alive pages.
 */
export function ConsoleLayout() {
  const isMobile = useIsMobile();
  const isPhone = useIsPhone();
  const { pathname } = useLocation();
  const sidebarOpened = useLayoutStore((state) => state.sidebarOpened);
  const toggleSidebar = useLayoutStore((state) => state.toggleSidebar);
  const mobileMenuOpen = useLayoutStore((state) => state.mobileMenuOpen);
  const setMobileMenuOpen = useLayoutStore((state) => state.setMobileMenuOpen);
  useTrackVisitedTab();
  useDayjsLocale();

  useEffect(() => {
    setMobileMenuOpen(false);
  }, [pathname, isMobile, setMobileMenuOpen]);

  // <App> gives console pages toasts and confirmations (App.useApp) that follow theme and locale;
  // it lives in the shell's chunk, so the sign-in page does not carry it.
  return (
    <ConfigProvider table={isPhone ? PHONE_TABLE : undefined}>
      <App component={false} message={{ maxCount: 3 }}>
        <Layout className="sd-console" hasSider={!isMobile}>
          {isMobile ? (
            <Drawer
              placement="left"
              open={mobileMenuOpen}
              onClose={() => setMobileMenuOpen(false)}
              closable={false}
              size={limits.sidebarWidthPx}
              className="sd-console__drawer"
              styles={{ body: { padding: 0 } }}
            >
              <Sidebar collapsed={false} onNavigate={() => setMobileMenuOpen(false)} />
            </Drawer>
          ) : (
            <Layout.Sider
              className="sd-console__sider"
              theme="dark"
              width={limits.sidebarWidthPx}
              collapsedWidth={COLLAPSED_WIDTH}
              collapsed={!sidebarOpened}
              trigger={null}
              collapsible
            >
              <Sidebar collapsed={!sidebarOpened} />
            </Layout.Sider>
          )}
          <Layout className="sd-console__main">
            <header className="sd-console__header">
              <Navbar
                isMobile={isMobile}
                sidebarOpened={sidebarOpened}
                onToggleSidebar={isMobile ? () => setMobileMenuOpen(true) : toggleSidebar}
              />
              <TabBar />
            </header>
            <main className="sd-console__content">
              <KeepAliveOutlet />
            </main>
          </Layout>
        </Layout>
      </App>
    </ConfigProvider>
  );
}
