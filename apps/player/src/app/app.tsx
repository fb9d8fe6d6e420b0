import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LiveChat } from '../features/chat/components/live-chat';
import { InfoPageDialog } from '../features/info-pages/components/info-page-dialog';
import { StartupGate } from '../features/startup/components/startup-gate';
import { ApiError } from '../shared/api/api-client';
import { clearLogoutReason, useAuthStore } from '../shared/auth/auth-store';
import { translateCode, useTranslation } from '../shared/i18n';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { showMessage } from '../shared/ui/message';
import { AppRouter } from './router';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // A 4xx will not change by asking again; network trouble and 5xx might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/** Session side effects the whole app shares: say why a sign-out happened, drop its data. */
function SessionEffects({ queryClient }: { queryClient: QueryClient }) {
  const { t } = useTranslation();
  const reason = useAuthStore((state) => state.logoutReason);

  useEffect(() => {
    if (!reason) return;
    const { error } = reason;
    const params = error
      ? {
          ...reason.params,
          message: translateCode(t, 'errors', error.code, error.message, error.params),
        }
      : reason.params;
    // §4 auto-logout: said in the message state (top centre, 6 s), not a 3 s toast.
    showMessage(t(reason.key, params), { variant: 'error' });
    clearLogoutReason();
  }, [reason, t]);

  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        // Another player's wallet or sessions must never show from the cache.
        if (previous.token && !state.token) queryClient.clear();
      }),
    [queryClient],
  );
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <StartupGate>
        <QueryClientProvider client={queryClient}>
          <SessionEffects queryClient={queryClient} />
          <AppRouter />
          <InfoPageDialog />
          <LiveChat />
        </QueryClientProvider>
      </StartupGate>
    </ErrorBoundary>
  );
}
