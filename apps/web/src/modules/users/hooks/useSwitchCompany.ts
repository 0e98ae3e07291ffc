import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Id } from '@smartdata/domain';
import { HOME_PATH } from '@/shared/routing/consolePaths';
import { useConsoleShell } from '@/shared/routing/consoleShell';
import { useSessionStore } from '@/shared/session/sessionStore';
import { switchCompany } from '../api/switchCompany';

/**
 * Switches the current company. Routes are generated once per session (spec §2), and a company
 * switch starts a new one: the old company's tabs close, its cached data is dropped, the guard
 * loads the user again (menu codes of the new company) and the console opens at /home.
 */
export function useSwitchCompany() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { resetTabs } = useConsoleShell();
  return useMutation({
    mutationFn: (companyId: Id) => switchCompany(companyId),
    onSuccess: async () => {
      resetTabs();
      queryClient.removeQueries();
      useSessionStore.getState().setAccessRoutes(false);
      await navigate(HOME_PATH, { replace: true });
    },
  });
}
