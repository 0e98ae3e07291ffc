import { useCallback, useState } from 'react';

/**
 * A step that spins its button while it runs (an upload, a download, a start): `busy` is true
 * from the call until the task settles. A failure is already shown by the API client (or the
 * upload / download helper), so it is not thrown on.
 */
export function useBusy(): [busy: boolean, run: (task: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await task();
    } catch {
      // Shown where it failed (the API client, the upload or download helper).
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
