// Components hear of a change a task later, every change of that task at once, as TanStack
// Query's notifyManager tells them (setTimeout 0). The app relies on that delay: a mutation's
// per-call callbacks run while the screen that called it is still there, before the data its
// invalidation brought re-renders it away (the reconnect dialog's Cashout rejoins the machine
// from a dialog the refetched sessions then remove).

const waiting = new Set<() => void>();

function tellAll(): void {
  const listeners = [...waiting];
  waiting.clear();
  for (const listener of listeners) listener();
}

/** Calls `listener` once in the next task, however often it is asked to before then. */
export function notifyLater(listener: () => void): void {
  if (waiting.size === 0) setTimeout(tellAll, 0);
  waiting.add(listener);
}
