// The header's optional information dialog (§1): the operator's INFORMATION_TEXT.
import { Info, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../shared/i18n';
import { ModalDialog } from '../shared/ui/modal-dialog';

export function InformationButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('nav.information')}
        className="flex size-11 items-center justify-center rounded-xl text-ink-soft hover:bg-panel hover:text-gold"
      >
        <Info aria-hidden="true" className="size-5" />
      </button>
      {open && (
        <ModalDialog
          labelledBy="information-title"
          describedBy="information-text"
          onEscape={() => setOpen(false)}
          className="w-[min(32rem,calc(100vw-2rem))]"
        >
          <div className="rounded-2xl border border-line bg-floor-raised p-5 shadow-2xl">
            <div className="flex items-start gap-3">
              <h2 id="information-title" className="flex-1 text-lg font-semibold">
                {t('nav.information')}
              </h2>
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label={t('app.close')}
                className="-me-2 -mt-2 flex size-11 items-center justify-center rounded-xl text-ink-soft hover:text-gold"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <p id="information-text" className="mt-3 whitespace-pre-line text-ink-soft">
              {text}
            </p>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
