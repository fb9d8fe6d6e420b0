// Previous / next paging under a list; the status line is the list's own ("Page 2 of 5 (87
// entries)"), announced politely as the page changes.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../i18n';

/** Which page of a list is shown (from 1), how long a page is, and how to show another. */
export type Paging = { page: number; pageSize: number; onPage: (page: number) => void };

/** Paging kept by the component itself: a list inside a page or a dialog (pages use the URL). */
export function usePaging(pageSize: number): Paging {
  const [page, setPage] = useState(1);
  return { page, pageSize, onPage: setPage };
}

/** A paged query: its answer's total (unknown while loading), and whether it still shows the
 * previous page while the next loads (then no skipping ahead of it). */
type PagedList = { data?: { total: number }; isPlaceholderData: boolean };

type Props = {
  /** names the navigation landmark: which list this pages */
  label: string;
  /** the i18n key of the list's own page line, given {page, pages, total} */
  statusKey: string;
  paging: Paging;
  list: PagedList;
};

export function Pager({ label, statusKey, paging, list }: Props) {
  const { t } = useTranslation();
  const { page, onPage } = paging;
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, paging.pageSize);
  const busy = list.isPlaceholderData;
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
        {t(statusKey, { page, pages, total })}
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

/** How many pages a list of `total` entries fills: at least one, the empty list's. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
