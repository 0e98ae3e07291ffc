import { useMemo } from 'react';
import { menuCodesOf, useSessionStore } from '@/shared/session/sessionStore';

/** The signed-in user's permission codes (menuCode), memoized per user. */
export function useMenuCodes(): ReadonlySet<string> {
  const user = useSessionStore((state) => state.user);
  return useMemo(() => menuCodesOf(user), [user]);
}
