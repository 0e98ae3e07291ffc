import { useSyncExternalStore } from 'react';
import { limits } from '@smartdata/domain';

/** Below 992px the console is in mobile mode (spec §2, limits.mobileBreakpointPx). */
const query = `(max-width: ${limits.mobileBreakpointPx - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
