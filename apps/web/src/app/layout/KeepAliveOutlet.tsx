import { Activity, Fragment, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useCurrentRoute } from '@/app/router/useCurrentRoute';
import { useTabsStore } from './tabsStore';

/**
 * Renders the visited pages inside React's <Activity>: the active one visible, the others hidden
 * with their state kept while the user is on another tab (spec §2 tab bar). Pages marked noCache
 * (/home) are mounted afresh on every visit; a refresh bumps the page's version to re-mount it.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const current = useCurrentRoute();
  const tabs = useTabsStore((state) => state.tabs);
  const versions = useTabsStore((state) => state.versions);
  const cache = useRef(new Map<string, ReactNode>());

  const cacheable = current !== null && !current.def.noCache;
  if (cacheable) {
    // Keep the freshest element of the visible page (same type, so React only updates it).
    cache.current.set(pathname, outlet);
  }
  const open = new Set(tabs.map((tab) => tab.path));
  for (const path of cache.current.keys()) {
    if (path !== pathname && !open.has(path)) {
      cache.current.delete(path);
    }
  }

  return (
    <>
      {[...cache.current.entries()].map(([path, element]) => (
        <Activity key={`${path}#${versions[path] ?? 0}`} mode={cacheable && path === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {!cacheable && <Fragment key={`live:${pathname}#${versions[pathname] ?? 0}`}>{outlet}</Fragment>}
    </>
  );
}
