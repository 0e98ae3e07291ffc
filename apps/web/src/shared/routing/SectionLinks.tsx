import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocale } from '@/shared/i18n/useLocale';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useConsoleShell } from './consoleShell';
import { isPermitted } from './routeAccess';
import { isRouteGroup, type RouteDef, type RouteGroup } from './types';

/** Pages of a group that can be opened as they are: existing, permitted, without parameters. */
export function sectionPages(group: RouteGroup, codes: ReadonlySet<string>): RouteDef[] {
  return group.children.filter(
    (def) => def.element !== undefined && !def.fullscreen && !def.path.includes(':') && isPermitted({ def, group }, codes),
  );
}

/**
 * Links between the pages of one menu group, hidden ones included. Spec §2 keeps several system
 * maintenance pages (system users, IP allow-list, ...) out of the menu; this bar on the group's
 * pages is how a platform administrator reaches them.
 */
export function SectionLinks({ groupPath }: { groupPath: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const codes = useMenuCodes();
  const { pathname } = useLocation();
  const { routeTable } = useConsoleShell();
  const group = routeTable.find((entry): entry is RouteGroup => isRouteGroup(entry) && entry.path === groupPath);
  const pages = useMemo(() => (group ? sectionPages(group, codes) : []), [group, codes]);
  if (!group || pages.length < 2) {
    return null;
  }
  return (
    <nav className="sd-section-links" aria-label={t('layout.sectionPages', { title: group.title[locale] })}>
      {pages.map((def) => {
        const active = def.path === pathname;
        return (
          <Link
            key={def.path}
            to={def.path}
            className={active ? 'sd-section-links__item sd-section-links__item--active' : 'sd-section-links__item'}
            aria-current={active ? 'page' : undefined}
          >
            {def.title[locale]}
          </Link>
        );
      })}
    </nav>
  );
}
