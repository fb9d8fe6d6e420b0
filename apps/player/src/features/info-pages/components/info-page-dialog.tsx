// An information page in a full-size modal: the server's HTML in a sandboxed frame (no scripts,
// no forms, no top navigation), titled with the page's name.
import { infoPagePath } from '@reelcast/protocol/info-pages';
import { X } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n';
import { useSettings } from '../../../shared/settings';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { useInfoPage } from '../hooks/use-info-page';

export function InfoPageDialog() {
  const { t, i18n } = useTranslation();
  const { page, close } = useInfoPage();
  // The server renders the pages: from the API's base when the app is served elsewhere (§7).
  const apiUrl = useSettings((settings) => settings.API_URL);
  if (!page) return null;
  const title = t(`infoPages.${page}`);
  return (
    <ModalDialog
      variant="cover"
      labelledBy="info-page-title"
      onEscape={close}
      className="flex flex-col"
    >
      <div className="flex h-dvh flex-col">
        <header className="flex items-center gap-3 border-b border-line bg-floor-raised px-4 py-2">
          <h2 id="info-page-title" className="min-w-0 flex-1 truncate text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={close}
            className="btn-ghost"
            aria-label={t('infoPages.close')}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </header>
        <iframe
          title={title}
          src={`${apiUrl}${infoPagePath(page, i18n.language)}`}
          sandbox="allow-same-origin"
          referrerPolicy="same-origin"
          className="w-full flex-1 border-0 bg-floor"
        />
      </div>
    </ModalDialog>
  );
}
