// The 'LOCKED !' screen of §2/§4: it hides the app after inactivity until the player types the PIN,
// which the server checks (the client never holds the PIN or anything it could be found from).
import { DEFAULT_PIN } from '@reelcast/protocol/log-types';
import { LockKeyhole, LogOut } from 'lucide-react';
import { useId } from 'react';
import { queryClient } from '../../../shared/api/query-client';
import { useTranslation } from '../../../shared/i18n';
import { QueryClientProvider } from '../../../shared/query/query-client-provider';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { usePinUnlock } from '../hooks/use-pin-unlock';

type Props = {
  /** Logout: the caller clears the lock and the PIN and signs out (§4). */
  onLogout: () => void;
};

/**
 * The lock is mounted beside the routes (features/lock/components/idle-guard), outside the
 * signed-in pages' query cache, and may show before they load: it brings the cache with it.
 */
export function LockScreen(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <LockScreenContent {...props} />
    </QueryClientProvider>
  );
}

function LockScreenContent({ onLogout }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { inputRef, pin, setPin, attemptsLeft, checkFailed, checking, unlock } = usePinUnlock();

  return (
    <ModalDialog labelledBy={`${id}-title`} describedBy={`${id}-desc`} variant="cover">
      <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
        <div className="flex w-full max-w-sm flex-col items-center gap-4 rounded-2xl border border-line bg-floor-raised p-6 text-center shadow-2xl shadow-black/50">
          <LockKeyhole aria-hidden="true" className="size-12 text-gold" />
          <h2 id={`${id}-title`} className="font-display text-2xl font-bold tracking-wide">
            {t('idleTitle')}
          </h2>
          <div id={`${id}-desc`} className="flex flex-col gap-1 text-sm text-ink-soft">
            <p>{t('idleDesc')}</p>
            <p data-testid="default-pin-hint">{t('lock.defaultPin', { pin: DEFAULT_PIN })}</p>
          </div>
          <form noValidate onSubmit={unlock} className="flex w-full flex-col gap-3">
            <label htmlFor={`${id}-pin`} className="text-start text-sm font-medium text-ink-soft">
              {t('lock.pin')}
            </label>
            <input
              ref={inputRef}
              id={`${id}-pin`}
              // Letters make no PIN; the numeric keypad opens on phones.
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              // biome-ignore lint/a11y/noAutofocus: the lock's only job is this field
              autoFocus
              value={pin}
              onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
              aria-invalid={attemptsLeft !== null && pin === '' ? true : undefined}
              aria-describedby={`${id}-status`}
              className="min-h-12 w-full rounded-xl border border-line bg-floor px-4 text-center text-2xl tracking-[0.5em] text-ink focus:border-gold focus:outline-none"
            />
            <p id={`${id}-status`} aria-live="assertive" className="min-h-5 text-sm text-danger">
              {checkFailed
                ? t('lock.checkFailed')
                : attemptsLeft !== null && t('lock.wrongPin', { count: attemptsLeft })}
            </p>
            <button
              type="submit"
              disabled={pin.length < 4 || checking}
              className="btn-gold min-h-12"
            >
              {t('lock.unlock')}
            </button>
          </form>
          <button type="button" onClick={onLogout} className="btn-ghost w-full">
            <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            {t('nav.logout')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
