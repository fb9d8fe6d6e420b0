// The start-up gates' refusals (§1): why the app does not open here, and what to do. A chunk of
// its own: nearly every visit passes the gates (issue 22, first load).
import { Globe2, MonitorX, RefreshCw, VideoOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Logo } from '../../../shared/ui/logo';
import { countryName, type IpCheckOutcome } from '../utils/gates';

export type StartupRefusal =
  | { kind: 'browser' }
  | { kind: 'webrtc' }
  | Exclude<IpCheckOutcome, { kind: 'allowed' }>;

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

export function StartupNotice({ refusal }: { refusal: StartupRefusal }) {
  const { t, i18n } = useTranslation();
  switch (refusal.kind) {
    case 'browser':
      return (
        <Notice
          icon={<MonitorX aria-hidden="true" className="size-7" />}
          title={t('startup.browserTitle')}
        >
          <p>{t('startup.browserText')}</p>
        </Notice>
      );
    case 'webrtc':
      return (
        <Notice
          icon={<VideoOff aria-hidden="true" className="size-7" />}
          title={t('startup.webrtcTitle')}
        >
          <p>{t('startup.webrtcText')}</p>
        </Notice>
      );
    case 'blocked':
      return (
        <Notice
          icon={<Globe2 aria-hidden="true" className="size-7" />}
          title={t('startup.blockedTitle')}
        >
          <p>
            {t('startup.blocked', {
              country: countryName(refusal.country, i18n.language),
              ip: refusal.ip,
            })}
          </p>
        </Notice>
      );
    case 'failed':
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
}
