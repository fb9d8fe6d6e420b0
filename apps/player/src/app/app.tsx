import { useEffect } from 'react';
import { LiveChat } from '../features/chat/components/live-chat';
import { InfoPageDialog } from '../features/info-pages/components/info-page-dialog';
import { StartupGate } from '../features/startup/components/startup-gate';
import { clearLogoutReason, useAuthStore } from '../shared/auth/auth-store';
import { translateCode, useTranslation } from '../shared/i18n';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { showMessage } from '../shared/ui/message';
import { AppRouter } from './router';

/** Says why a sign-out happened (the signed-in query cache drops its data itself). */
function SessionEffects() {
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

  return null;
}

export function App() {
  return (
    <ErrorBoundary>
      <StartupGate>
        <SessionEffects />
        <AppRouter />
        <InfoPageDialog />
        <LiveChat />
      </StartupGate>
    </ErrorBoundary>
  );
}
