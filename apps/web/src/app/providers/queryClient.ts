import { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/shared/session/sessionStore';

/**
 * No automatic retries: the API client already notifies on every failure, and a retry would
 * repeat the notification.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

// One user's cached data never shows to the next one.
useSessionStore.subscribe((state, previous) => {
  if (previous.token && !state.token) {
    queryClient.clear();
  }
});
