import { useEffect } from 'react';
import { App, Drawer, Layout } from 'antd';
import { useLocation } from 'react-router';
import { limits } from '@smartdata/domain';
import { useIsMobile } from '@/shared/hooks/useIsMobile';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { useLayoutStore } from './layoutStore';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { TabBar, useTrackVisitedTab } from './TabBar';
import { useDayjsLocale } from './useDayjsLocale';
import './layout.css';

const COLLAPSED_WIDTH = 64;

/**
 * The console shell (spec §2 layout): dark collapsible 240px sidebar (a drawer below 992px),
 * navbar, tab bar, and the kept-alive pages.
 */
export function ConsoleLayout() {
  const isMobile = useIsMobile();
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
  );
}
