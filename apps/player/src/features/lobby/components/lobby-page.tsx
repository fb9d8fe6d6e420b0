import { useTranslation } from 'react-i18next';
import { splitJackpots, useBrands } from '../api/get-brands';
import { useMachines } from '../api/get-machines';
import { useSelectedBrand } from '../hooks/use-selected-brand';
import { BrandList, BrandListSkeleton } from './brand-list';
import { MachineCard, MachineCardSkeleton } from './machine-card';

const gridClass = 'grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3 sm:gap-4';

export function LobbyPage() {
  const { t } = useTranslation();
  const brands = useBrands();
  const machines = useMachines();
  const { selectedBrandId, toggleBrand } = useSelectedBrand();

  const selectedBrand = brands.data?.find((brand) => brand.id === selectedBrandId);
  const shown =
    selectedBrandId === null
      ? machines.data
      : machines.data?.filter((machine) => machine.brand?.id === selectedBrandId);
  const jackpots = splitJackpots(selectedBrand?.jackpot);
  const failed = brands.isError || machines.isError;

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-5 sm:px-6">
      <h1 className="sr-only">{t('lobby.title')}</h1>

      <section aria-label={t('lobby.brands')}>
        {brands.data ? (
          <BrandList
            brands={brands.data}
            selectedBrandId={selectedBrandId}
            onToggle={toggleBrand}
          />
        ) : (
          !brands.isError && <BrandListSkeleton />
        )}
        {jackpots.length > 0 && (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
            <span>{t('lobby.jackpots')}:</span>
            {jackpots.map((jackpot, index) => (
              // Jackpot values may repeat, so their place in the list is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <span key={index} className="rounded-md bg-panel px-2 py-0.5 font-semibold text-gold">
                {jackpot}
              </span>
            ))}
          </p>
        )}
      </section>

      {failed && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-danger/10 p-4">
          <span>{t('lobby.loadError')}</span>
          <button
            type="button"
            className="btn-ghost"
            onClick={() => {
              void brands.refetch();
              void machines.refetch();
            }}
          >
            {t('lobby.retry')}
          </button>
        </div>
      )}

      <section aria-label={t('lobby.machines')} aria-busy={machines.isPending}>
        {machines.isPending ? (
          <div className={gridClass}>
            {[0, 1, 2, 3, 4, 5].map((key) => (
              <MachineCardSkeleton key={key} />
            ))}
          </div>
        ) : shown && shown.length > 0 ? (
          <ul className={gridClass}>
            {shown.map((machine) => (
              <li key={machine.id}>
                <MachineCard machine={machine} />
              </li>
            ))}
          </ul>
        ) : (
          !failed && <p className="py-10 text-center text-ink-soft">{t('lobby.empty')}</p>
        )}
      </section>
    </main>
  );
}
