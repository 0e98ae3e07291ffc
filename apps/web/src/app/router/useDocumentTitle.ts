import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLocale } from '@/shared/i18n/useLocale';
import { documentTitle, flattenRoutes, matchRoute } from '@/shared/routing/routeMatch';
import { routeTable } from './routeTable';

/** Titles come from the table itself (no pages needed), so /login has its title from the entry. */
const titledRoutes = flattenRoutes(routeTable);

/** Keeps document.title as `<route title> - <product title>` in the current language (spec §2). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const locale = useLocale();
  useEffect(() => {
    if (pathname.startsWith('/redirect/')) {
      return;
    }
    const matched = matchRoute(titledRoutes, pathname);
    document.title = documentTitle(matched?.def.title, locale);
  }, [pathname, locale]);
}
