// A modal on the native <dialog>: showModal() puts it in the top layer, makes the rest of the page
// inert and keeps keyboard focus inside, so no focus-trap code of our own is needed. It opens when
// mounted; render it conditionally.
import { type ReactNode, useEffect, useRef } from 'react';

type Props = {
  /** 'cover' hides the whole page behind an opaque screen (the lock); 'dialog' dims it. */
  variant?: 'cover' | 'dialog';
  labelledBy: string;
  describedBy?: string;
  /** Escape: called when given; without it Escape does nothing (the dialog must be answered). */
  onEscape?: () => void;
  className?: string;
  children: ReactNode;
};

const variantClass = {
  cover: 'm-0 h-dvh max-h-none w-screen max-w-none bg-floor backdrop:bg-floor',
  dialog: 'm-auto bg-transparent backdrop:bg-black/70',
} as const;

export function ModalDialog({
  variant = 'dialog',
  labelledBy,
  describedBy,
  onEscape,
  className = '',
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const open = () => {
      if (dialog.open) return;
      // jsdom has no showModal; the attribute shows the dialog there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      onEscapeRef.current?.();
    };
    // Chromium closes a modal on a second Escape even when cancel is prevented (its close-watcher
    // rule); while we are mounted the dialog stays, so it opens again.
    const onClose = () => {
      if (dialog.isConnected) open();
    };
    open();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`overflow-y-auto p-0 text-ink ${variantClass[variant]} ${className}`}
    >
      {children}
    </dialog>
  );
}
