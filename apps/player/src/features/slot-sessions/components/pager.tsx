import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  page: number;
  pages: number;
  total: number;
  busy: boolean;
  onPage: (page: number) => void;
};

export function Pager({ label, page, pages, total, busy, onPage }: Props) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <button
        type="button"
        className="btn-ghost"
        disabled={page <= 1}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        {t('slotSessions.previous')}
      </button>
      <output aria-live="polite" className="text-sm text-ink-soft">
        {t('slotSessions.page', { page, pages, total })}
      </output>
      <button
        type="button"
        className="btn-ghost"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        {t('slotSessions.next')}
        <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
