import { useSyncExternalStore } from 'react';

/** Below 576px (antd's xs) the console is on a phone: list tables scroll sideways (issue 13). */
const query = '(max-width: 575.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
