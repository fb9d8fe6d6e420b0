// /pages/errors/error-404: where unknown addresses (and pages a role may not see) end up.
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../shared/i18n';
import { Link } from '../shared/router';
import { Logo } from '../shared/ui/logo';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10 text-center">
      <Logo className="text-gold" />
      <p aria-hidden="true" className="font-display text-7xl font-bold text-gold/80">
        404
      </p>
      <h1 className="text-2xl font-semibold">{t('app.notFound')}</h1>
      <p className="max-w-sm text-ink-soft">{t('app.notFoundHint')}</p>
      <Link to="/lobby" replace className="btn-gold">
        <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        {t('app.backToLobby')}
      </Link>
    </main>
  );
}
