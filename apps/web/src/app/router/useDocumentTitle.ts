import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLocale } from '@/shared/i18n/useLocale';
import { documentTitle, matchRoute } from './routeAccess';
import { appRoutes } from './routes';

/** Keeps document.title as `<route title> - <product title>` in the current language (spec §2). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const locale = useLocale();
  useEffect(() => {
    if (pathname.startsWith('/redirect/')) {
      return;
    }
    const matched = matchRoute(appRoutes, pathname);
    document.title = documentTitle(matched?.def.title, locale);
  }, [pathname, locale]);
}
