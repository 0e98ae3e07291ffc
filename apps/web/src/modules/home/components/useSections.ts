import { useMemo } from 'react';
import { useConsoleShell } from '@/shared/routing/consoleShell';
import { permittedSections, type Section } from '@/shared/routing/routeAccess';
import { useMenuCodes } from '@/shared/session/useMenuCodes';

/** The top-level sections the user can enter, each leading to its first permitted page. */
export function useSections(): Section[] {
  const codes = useMenuCodes();
  const { routeTable } = useConsoleShell();
  return useMemo(() => permittedSections(routeTable, codes), [routeTable, codes]);
}
