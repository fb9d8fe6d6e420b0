// /limits (player protection): the player's limits per kind and period with what is used and what
// waits for its cooling-off, the reality-check interval, the account history export, and a
// time-out or self-exclusion. The server enforces all of it; this page sets and shows it.
import { type LimitKind, limitKinds } from '@reelcast/protocol/protection';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useLimits } from '../api/get-limits';
import { BreakForm } from './break-form';
import { HistoryExport } from './history-export';
import { LimitRow } from './limit-row';
import { RealityCheckForm } from './reality-check-form';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-line bg-floor-raised/90 p-5 shadow-xl shadow-black/30"
    >
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function LimitsLoading() {
  return (
    <div aria-busy="true" className="grid grid-cols-1 gap-5 lg:grid-cols-2">
      {limitKinds.map((kind) => (
        <span key={kind} className="skeleton h-56 rounded-2xl" />
      ))}
    </div>
  );
}

export function LimitsPage() {
  const { t } = useTranslation();
  const limits = useLimits();
  const data = limits.data;
  const rowsOf = (kind: LimitKind) => data?.limits.filter((l) => l.kind === kind) ?? [];

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-5 sm:px-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{t('limits.title')}</h1>
        <p className="text-sm text-ink-soft">{t('limits.intro')}</p>
      </div>

      {data ? (
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
          {limitKinds.map((kind) => (
            <Card key={kind} id={`limits-${kind}`} title={t(`limits.kinds.${kind}`)}>
              <p className="mb-1 text-sm text-ink-soft">{t(`limits.help.${kind}`)}</p>
              {rowsOf(kind).map((view) => (
                <LimitRow key={view.period} view={view} />
              ))}
            </Card>
          ))}
        </div>
      ) : limits.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <span>{t('limits.loadError')}</span>
          <button type="button" className="btn-ghost" onClick={() => void limits.refetch()}>
            {t('lobby.retry')}
          </button>
        </div>
      ) : (
        <LimitsLoading />
      )}

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Card id="limits-reality" title={t('limits.realityTitle')}>
          <p className="mb-3 text-sm text-ink-soft">{t('limits.realityHelp')}</p>
          {data && <RealityCheckForm minutes={data.realityCheckMinutes} />}
        </Card>
        <Card id="limits-export" title={t('limits.exportTitle')}>
          <p className="mb-3 text-sm text-ink-soft">{t('limits.exportHelp')}</p>
          <HistoryExport />
        </Card>
      </div>

      <Card id="limits-break" title={t('limits.breakTitle')}>
        <p className="mb-3 text-sm text-ink-soft">{t('limits.breakHelp')}</p>
        <BreakForm />
      </Card>
    </main>
  );
}
