// §8 message state: one notice at a time that must not be missed (why the player was signed out,
// a country that is not permitted…). It defaults to the top centre and hides itself after 6 s;
// a caller may place it elsewhere or keep it until closed (autoHideMs null).
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useTranslation } from '../i18n';

export type MessagePosition = 'top-center' | 'bottom-center';
export type MessageVariant = 'info' | 'warning' | 'error';

export type Message = {
  /** a new id restarts the auto-hide, even for the same text */
  id: number;
  text: string;
  variant: MessageVariant;
  position: MessagePosition;
  autoHideMs: number | null;
};

export const messageDefaults = {
  variant: 'info',
  position: 'top-center',
  autoHideMs: 6000,
} as const satisfies Omit<Message, 'id' | 'text'>;

export const useMessageStore = create<{ message: Message | null }>()(() => ({ message: null }));

let nextId = 1;

/** Shows `text` in place of any message on screen. */
export function showMessage(
  text: string,
  options: Partial<Omit<Message, 'id' | 'text'>> = {},
): void {
  useMessageStore.setState({ message: { ...messageDefaults, ...options, id: nextId++, text } });
}

export function hideMessage(): void {
  useMessageStore.setState({ message: null });
}

const positionClass: Record<MessagePosition, string> = {
  'top-center': 'top-[max(0.75rem,env(safe-area-inset-top))]',
  'bottom-center': 'bottom-[max(0.75rem,env(safe-area-inset-bottom))]',
};

const variantClass: Record<MessageVariant, string> = {
  info: 'border-line bg-panel text-ink',
  warning: 'border-gold bg-panel text-ink',
  error: 'border-danger bg-danger/15 text-ink',
};

export function MessageBanner() {
  const { t } = useTranslation();
  const message = useMessageStore((state) => state.message);

  useEffect(() => {
    if (!message || message.autoHideMs === null) return;
    const timer = setTimeout(() => {
      // Only the message this timer was started for; a newer one keeps its own time.
      if (useMessageStore.getState().message?.id === message.id) hideMessage();
    }, message.autoHideMs);
    return () => clearTimeout(timer);
  }, [message]);

  if (!message) return null;
  return (
    <div
      role={message.variant === 'info' ? 'status' : 'alert'}
      data-testid="message"
      data-position={message.position}
      className={`fixed inset-x-0 z-50 mx-auto flex w-[min(36rem,calc(100vw-1.5rem))] items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${positionClass[message.position]} ${variantClass[message.variant]}`}
    >
      <p className="flex-1">{message.text}</p>
      <button
        type="button"
        onClick={hideMessage}
        aria-label={t('app.close')}
        className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-white/10"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
