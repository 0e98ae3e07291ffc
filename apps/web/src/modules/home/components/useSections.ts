import { useMemo } from 'react';
import { appRouteTable } from '@/app/router/routes';
import { permittedSections, type Section } from '@/app/router/routeAccess';
import { useMenuCodes } from '@/app/router/useMenuCodes';

/** The top-level sections the user can enter, each leading to its first permitted page. */
export function useSections(): Section[] {
  const codes = useMenuCodes();
  return useMemo(() => permittedSections(appRouteTable, codes), [codes]);
}
