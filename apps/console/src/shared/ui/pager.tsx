import { useTranslation } from 'react-i18next';

type Props = { page: number; pageSize: number; total: number; onPage: (page: number) => void };

export function Pager({ page, pageSize, total, onPage }: Props) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('common.pages')} className="flex items-center gap-3 py-3">
      <button
        type="button"
        className="btn-ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </button>
      <span className="text-ink-soft text-sm">{t('common.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="btn-ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}
