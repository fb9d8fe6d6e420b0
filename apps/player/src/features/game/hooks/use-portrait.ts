import { useSyncExternalStore } from 'react';

const query = '(orientation: portrait)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True while the screen is taller than wide: the rotation control only makes sense then (§2). */
export function usePortrait(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
