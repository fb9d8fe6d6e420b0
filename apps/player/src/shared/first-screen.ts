// What the player does not need to act waits for the first screen (issue 22, first load): the
// rest of the translations, the notice connection's socket.io and the lock screen load once the
// first page has rendered and the browser has a moment, so they never delay it.
let shown = false;
let ready = false;
const waiting: Array<() => void> = [];

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1500 });
  else setTimeout(run, 50);
}

/** Called when the first page has rendered (app/router.tsx); later calls change nothing. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  whenIdle(() => {
    ready = true;
    for (const run of waiting.splice(0)) run();
  });
}

/** Resolves once the first screen is up and the browser idle (at once after that). */
export function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    if (ready) resolve();
    else waiting.push(resolve);
  });
}
