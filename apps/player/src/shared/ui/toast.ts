// §8 toasts, through one door: the toast library (9 KB gzipped) loads with the first toast a
// player is shown, not with the first screen, and <Toasts /> mounts its Toaster only then.
// Calls made while it loads are kept in order; sonner shows toasts made before its Toaster.
import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'info' | 'warning';

let loading: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function sonner(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    for (const listener of listeners) listener();
  }
  return loading;
}

function show(kind: Kind) {
  return (message: string, options?: ExternalToast): void => {
    void sonner().then(({ toast }) => toast[kind](message, options));
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  /** Closes a toast by its id; nothing to close if no toast was ever shown. */
  dismiss(id: string | number): void {
    void loading?.then(({ toast }) => toast.dismiss(id));
  },
};

/** True once a toast was asked for: the Toaster is needed from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading !== null,
  );
}
