import { lazy, Suspense, useEffect } from 'react';
import { useInfoPage } from '../features/info-pages/hooks/use-info-page';
import { StartupGate } from '../features/startup/components/startup-gate';
import { clearLogoutReason, useAuthStore } from '../shared/auth/auth-store';
import { loadAllStyles } from '../shared/first-screen';
import { loadAllTranslations, translateCode, useTranslation } from '../shared/i18n';
import { useSettings } from '../shared/settings';
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

// Each loads when it is wanted (issue 22, first load), with the styles beyond the first screens':
// an information page when one is opened (with the later screens' words), the live chat when one
// is configured.
const InfoPageDialog = lazy(() =>
  Promise.all([
    import('../features/info-pages/components/info-page-dialog'),
    loadAllStyles(),
    loadAllTranslations(),
  ]).then(([module]) => ({ default: module.InfoPageDialog })),
);
const LiveChat = lazy(() =>
  Promise.all([import('../features/chat/components/live-chat'), loadAllStyles()]).then(
    ([module]) => ({ default: module.LiveChat }),
  ),
);

function InfoPageWhenOpen() {
  const open = useInfoPage((state) => state.page !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <InfoPageDialog />
    </Suspense>
  );
}

function LiveChatWhenConfigured() {
  const provider = useSettings((settings) => settings.LIVE_CHAT_PROVIDER);
  if (!provider) return null;
  return (
    <Suspense fallback={null}>
      <LiveChat />
    </Suspense>
  );
}

export function App() {
  return (
    <ErrorBoundary>
      <StartupGate>
        <SessionEffects />
        <AppRouter />
        <InfoPageWhenOpen />
        <LiveChatWhenConfigured />
      </StartupGate>
    </ErrorBoundary>
  );
}
