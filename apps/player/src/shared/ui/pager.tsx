// Previous / next paging under a list; the status line is the list's own ("Page 2 of 5 (87
// entries)"), announced politely as the page changes.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** names the navigation landmark: which list this pages */
  label: string;
  /** the list's own page line */
  status: string;
  page: number;
  pages: number;
  /** the next page is still loading: no skipping ahead of it */
  busy: boolean;
  onPage: (page: number) => void;
};

export function Pager({ label, status, page, pages, busy, onPage }: Props) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <button
        type="button"
        className="btn-ghost min-h-11"
        disabled={page <= 1}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        {t('app.previousPage')}
      </button>
      <output aria-live="polite" className="text-sm text-ink-soft">
        {status}
      </output>
      <button
        type="button"
        className="btn-ghost min-h-11"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        {t('app.nextPage')}
        <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
