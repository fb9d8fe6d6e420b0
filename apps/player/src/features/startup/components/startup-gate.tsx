// §1 start-up: the browser family, then WebRTC, then (when IP_CHEKCING is on) the country check.
// Until all pass, the player sees why instead of the app.
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { loadAllTranslations, useTranslation } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';
import { Logo } from '../../../shared/ui/logo';
import { Spinner } from '../../../shared/ui/spinner';
import {
  browserSupported,
  checkUrl,
  type IpCheckOutcome,
  runIpCheck,
  webRtcAvailable,
} from '../utils/gates';
import type { StartupRefusal } from './startup-notice';

type Gate = 'browser' | 'webrtc' | 'pass';

function firstGate(supported: readonly string[]): Gate {
  if (!browserSupported(navigator.userAgent, supported)) return 'browser';
  if (!webRtcAvailable(window)) return 'webrtc';
  return 'pass';
}

// A refusal's notice reads the later screens' translations: it waits for them.
const StartupNotice = lazy(() =>
  Promise.all([import('./startup-notice'), loadAllTranslations()]).then(([module]) => ({
    default: module.StartupNotice,
  })),
);

export function StartupGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const supported = useSettings((settings) => settings.SUPPORTED_BROWSERS);
  const ipChecking = useSettings((settings) => settings.IP_CHEKCING);
  const apiUrl = useSettings((settings) => settings.API_URL);
  const [gate] = useState(() => firstGate(supported));
  const [ipCheck, setIpCheck] = useState<IpCheckOutcome | 'checking' | 'off'>(
    ipChecking ? 'checking' : 'off',
  );

  useEffect(() => {
    if (gate !== 'pass' || !ipChecking) return;
    let current = true;
    void runIpCheck(checkUrl(apiUrl)).then((outcome) => {
      if (!current) return;
      // §8: a check that is not answered with 200 is an alert, as the spec words it.
      if (outcome.kind === 'failed') window.alert(t('startup.networkError'));
      setIpCheck(outcome);
    });
    return () => {
      current = false;
    };
  }, [gate, ipChecking, apiUrl, t]);

  const refusal: StartupRefusal | null =
    gate !== 'pass'
      ? { kind: gate }
      : ipCheck !== 'off' && ipCheck !== 'checking' && ipCheck.kind !== 'allowed'
        ? ipCheck
        : null;
  if (refusal) {
    return (
      <Suspense fallback={null}>
        <StartupNotice refusal={refusal} />
      </Suspense>
    );
  }
  if (ipCheck === 'checking') {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4">
        <Logo className="text-gold" />
        <Spinner label={t('startup.checking')} />
      </main>
    );
  }
  return children;
}
