// 'Deactivated Detected' (§2 idle dialogs): after inactivity, asks whether to continue.
import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { ModalDialog } from '../../../shared/ui/modal-dialog';

type Props = { onContinue: () => void; onLogout: () => void };

export function DeactivatedDialog({ onContinue, onLogout }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-desc`}
      onEscape={onContinue}
      className="w-[min(24rem,calc(100vw-2rem))]"
    >
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-floor-raised p-6 shadow-2xl shadow-black/50">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {t('idle.deactivatedTitle')}
        </h2>
        <p id={`${id}-desc`} className="text-sm text-ink-soft">
          {t('idle.deactivatedQuestion')}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onLogout} className="btn-ghost">
            <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            {t('nav.logout')}
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the expected answer of a modal question */}
          <button type="button" onClick={onContinue} autoFocus className="btn-gold">
            {t('idle.continue')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
