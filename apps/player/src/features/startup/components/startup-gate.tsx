// §1 start-up: the browser family, then WebRTC, then (when IP_CHEKCING is on) the country check.
// Until all pass, the player sees why instead of the app.
import { Globe2, MonitorX, RefreshCw, VideoOff } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';
import { Logo } from '../../../shared/ui/logo';
import { Spinner } from '../../../shared/ui/spinner';
import {
  browserSupported,
  checkUrl,
  countryName,
  type IpCheckOutcome,
  runIpCheck,
  webRtcAvailable,
} from '../utils/gates';

type Gate = 'browser' | 'webrtc' | 'pass';

function firstGate(supported: readonly string[]): Gate {
  if (!browserSupported(navigator.userAgent, supported)) return 'browser';
  if (!webRtcAvailable(window)) return 'webrtc';
  return 'pass';
}

function Notice({
  icon,
  title,
  children,
  reload = false,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  reload?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <section
        role="alert"
        aria-labelledby="startup-title"
        className="flex w-full max-w-md flex-col items-center gap-5 rounded-2xl border border-line bg-floor-raised p-6 text-center shadow-2xl sm:p-8"
      >
        <Logo className="text-gold" />
        <span className="flex size-14 items-center justify-center rounded-full bg-panel text-gold">
          {icon}
        </span>
        <h1 id="startup-title" className="text-xl font-semibold">
          {title}
        </h1>
        <div className="space-y-3 text-ink-soft">{children}</div>
        {reload && (
          <button type="button" className="btn-gold" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" className="size-5" />
            {t('startup.reload')}
          </button>
        )}
      </section>
    </main>
  );
}

export function StartupGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
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

  if (gate === 'browser') {
    return (
      <Notice
        icon={<MonitorX aria-hidden="true" className="size-7" />}
        title={t('startup.browserTitle')}
      >
        <p>{t('startup.browserText')}</p>
      </Notice>
    );
  }
  if (gate === 'webrtc') {
    return (
      <Notice
        icon={<VideoOff aria-hidden="true" className="size-7" />}
        title={t('startup.webrtcTitle')}
      >
        <p>{t('startup.webrtcText')}</p>
      </Notice>
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
  if (ipCheck !== 'off' && ipCheck.kind === 'blocked') {
    return (
      <Notice
        icon={<Globe2 aria-hidden="true" className="size-7" />}
        title={t('startup.blockedTitle')}
      >
        <p>
          {t('startup.blocked', {
            country: countryName(ipCheck.country, i18n.language),
            ip: ipCheck.ip,
          })}
        </p>
      </Notice>
    );
  }
  if (ipCheck !== 'off' && ipCheck.kind === 'failed') {
    return (
      <Notice
        icon={<Globe2 aria-hidden="true" className="size-7" />}
        title={t('startup.networkErrorTitle')}
        reload
      >
        <p>{t('startup.networkError')}</p>
      </Notice>
    );
  }
  return children;
}
