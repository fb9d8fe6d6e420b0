import type { Brand } from '@reelcast/protocol/http';
import { useTranslation } from '../../../shared/i18n';

type Props = {
  brands: Brand[];
  selectedBrandId: number | null;
  onToggle: (brand: Brand) => void;
};

export function BrandList({ brands, selectedBrandId, onToggle }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="flex gap-2 overflow-x-auto pb-2 sm:flex-wrap sm:overflow-visible">
      {brands.map((brand) => {
        const selected = brand.id === selectedBrandId;
        return (
          <li key={brand.id} className="shrink-0">
            <button
              type="button"
              data-testid="brand"
              data-brand-id={brand.id}
              aria-pressed={selected}
              onClick={() => onToggle(brand)}
              className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition ${
                selected
                  ? 'border-gold bg-gold text-floor'
                  : 'border-line bg-floor-raised text-ink hover:border-gold'
              }`}
            >
              {brand.name}
              <span
                role="img"
                aria-label={t('lobby.machineCount', { count: brand.machineCount ?? 0 })}
                className={`min-w-6 rounded-full px-1.5 text-xs tabular-nums ${
                  selected ? 'bg-floor/20' : 'bg-panel text-ink-soft'
                }`}
              >
                {brand.machineCount ?? 0}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function BrandListSkeleton() {
  return (
    <div aria-hidden="true" className="flex gap-2 pb-2">
      {[0, 1, 2, 3].map((key) => (
        <span key={key} className="skeleton h-11 w-28 shrink-0 rounded-full" />
      ))}
    </div>
  );
}
