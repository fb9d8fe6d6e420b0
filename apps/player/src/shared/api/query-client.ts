// The signed-in app's one query cache. It is made when the first signed-in screen loads: the login
// screen does without the query cache (issue 22, first load).
import { useAuthStore } from '../auth/auth-store';
import { QueryClient } from '../query/query-client';
import { ApiError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      // A 4xx will not change by asking again; network trouble and 5xx might.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

// Another player's wallet or sessions must never show from the cache.
useAuthStore.subscribe((state, previous) => {
  if (previous.token && !state.token) queryClient.clear();
});
