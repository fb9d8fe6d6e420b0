import type { Machine } from '@reelcast/protocol/http';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { type MachineActions, useMachineActions } from '../../../shared/machine-actions';
import { useSettings } from '../../../shared/settings';
import { useBrands } from '../api/get-brands';
import { useMachines } from '../api/get-machines';
import { useLobbyLive } from '../hooks/use-lobby-live';
import { useSelectedBrand } from '../hooks/use-selected-brand';
import { BrandList, BrandListSkeleton } from './brand-list';
import { JackpotPanel, ReservationAction } from './lobby-later';
import { MachineCard, MachineCardSkeleton } from './machine-card';
import { ReservedList } from './reserved-list';

// From two cards side by side on a 360 px phone up to as many as fit on a wide screen.
const gridClass = 'grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3 sm:gap-4';

type Props = {
  /** the wallet's discount and bonus buttons, passed in by app/ */
  claims?: ReactNode;
};

export function LobbyPage({ claims }: Props) {
  // More actions on a machine's card (watch, wait list: issue #18), provided by app/.
  const machineActions = useMachineActions();
  const { t } = useTranslation();
  const showLobby = useSettings((settings) => settings.SHOW_LOBBY);
  const brands = useBrands();
  const machines = useMachines();
  const { selectedBrandId, toggleBrand } = useSelectedBrand();
  useLobbyLive();

  const shown =
    selectedBrandId === null
      ? machines.data
      : machines.data?.filter((machine) => machine.brand?.id === selectedBrandId);
  const jackpotBrands =
    selectedBrandId === null
      ? brands.data
      : brands.data?.filter((brand) => brand.id === selectedBrandId);
  const failed = brands.isError || machines.isError;

  return (
    // §2: pages under /lobby get the lobby background.
    <main
      data-testid="lobby"
      className="mx-auto flex w-full max-w-7xl flex-col gap-5 bg-[radial-gradient(90%_60%_at_50%_0%,rgb(245_192_74/0.08),transparent_70%)] px-4 py-5 sm:px-6"
    >
      <h1 className="sr-only">{t('lobby.title')}</h1>

      {claims && <div className="flex flex-wrap items-center gap-2">{claims}</div>}

      {!showLobby ? (
        <p role="status" className="py-10 text-center text-ink-soft">
          {t('lobby.hidden')}
        </p>
      ) : (
        <>
          <section aria-label={t('lobby.brands')} className="flex flex-col gap-3">
            {brands.data ? (
              <BrandList
                brands={brands.data}
                selectedBrandId={selectedBrandId}
                onToggle={toggleBrand}
              />
            ) : (
              !brands.isError && <BrandListSkeleton />
            )}
            {jackpotBrands && <JackpotPanel brands={jackpotBrands} />}
          </section>

          {failed && (
            <LoadError
              onRetry={() => {
                void brands.refetch();
                void machines.refetch();
              }}
            />
          )}

          {machines.data && <ReservedList machines={machines.data} />}

          <MachineGrid
            pending={machines.isPending}
            machines={shown}
            failed={failed}
            machineActions={machineActions}
          />
        </>
      )}
    </main>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-danger/10 p-4">
      <span>{t('lobby.loadError')}</span>
      <button type="button" className="btn-ghost" onClick={onRetry}>
        {t('lobby.retry')}
      </button>
    </div>
  );
}

type MachineGridProps = {
  pending: boolean;
  /** the machines of the selected brand, or all */
  machines: Machine[] | undefined;
  failed: boolean;
  machineActions: MachineActions | null;
};

function MachineGrid({ pending, machines, failed, machineActions }: MachineGridProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('lobby.machines')} aria-busy={pending}>
      {pending ? (
        <div className={gridClass}>
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <MachineCardSkeleton key={key} />
          ))}
        </div>
      ) : machines && machines.length > 0 ? (
        <ul className={gridClass}>
          {machines.map((machine) => (
            <li key={machine.id}>
              <MachineCard
                machine={machine}
                action={
                  <>
                    <ReservationAction machine={machine} />
                    {machineActions?.(machine)}
                  </>
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        !failed && <p className="py-10 text-center text-ink-soft">{t('lobby.empty')}</p>
      )}
    </section>
  );
}
